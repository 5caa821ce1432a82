"""A persistent ``citelint mcp`` process, spoken to over stdio.

The binary's Model Context Protocol server is the worker: one process
answers every call (newline-delimited JSON-RPC 2.0 on its standard input
and output), so a check costs what the engine costs plus a pipe round
trip, not a process start.  Every answer comes from the binary: this
module only frames requests and reads replies.
"""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
import threading
from typing import Any, Deque, Dict, List, Optional, Sequence

from ._binary import find_binary

PROTOCOL_VERSION = "2025-06-18"


class CitelintError(Exception):
    """citelint refused a call: a bad argument, a config error, a document
    over the size limit.  The message is citelint's own."""


class WorkerError(CitelintError):
    """The worker process could not be started or stopped answering."""


class Worker:
    """One ``citelint mcp`` process.  Calls are serialised with a lock: use
    one Worker per thread (or a pool) to check documents in parallel."""

    def __init__(
        self,
        cwd: Optional[str] = None,
        config: Optional[str] = None,
        no_config: bool = False,
        binary: Optional[str] = None,
        args: Sequence[str] = (),
        env: Optional[Dict[str, str]] = None,
    ) -> None:
        self.binary = binary or find_binary()
        self.cwd = os.path.abspath(cwd or os.getcwd())
        cmd: List[str] = [self.binary, "mcp"]
        if config:
            cmd += ["--config", config]
        if no_config:
            cmd.append("--no-config")
        cmd += list(args)
        self._cmd = cmd
        self._env = env
        self._proc: Optional[subprocess.Popen] = None
        self._lock = threading.Lock()
        self._next_id = 0
        self._stderr: Deque[str] = collections.deque(maxlen=40)
        self.server_info: Dict[str, Any] = {}

    # -- process -------------------------------------------------------

    @property
    def pid(self) -> Optional[int]:
        """The worker's process id, or None before the first call."""
        return self._proc.pid if self._proc and self._proc.poll() is None else None

    def _start(self) -> None:
        old, self._proc = self._proc, None
        if old is not None:  # a worker that died: release its pipes
            for f in (old.stdin, old.stdout):
                try:
                    if f:
                        f.close()
                except OSError:
                    pass
            old.wait()
        flags = 0
        if sys.platform == "win32":  # no console window per worker
            flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
        try:
            self._proc = subprocess.Popen(
                self._cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                env=self._env,
                creationflags=flags,
            )
        except OSError as e:
            raise WorkerError(f"could not start {self._cmd[0]}: {e}") from e
        self._stderr.clear()
        t = threading.Thread(target=self._drain, args=(self._proc.stderr,), daemon=True)
        t.start()
        try:
            res = self._handshake()
        except BaseException:
            self._proc.kill()
            raise
        self.server_info = res.get("serverInfo", {})
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _handshake(self) -> Dict[str, Any]:
        return self._request(
            "initialize",
            {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "citelint-python", "version": _version()},
            },
        )

    def _drain(self, stream) -> None:
        # Standard error holds the worker's diagnostics: keep the last
        # lines for error messages, and never let the pipe fill up.
        try:
            for line in iter(stream.readline, b""):
                self._stderr.append(line.decode("utf-8", "replace").rstrip())
        finally:
            stream.close()

    def _alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def close(self) -> None:
        """Stop the worker (it exits when its standard input closes)."""
        with self._lock:
            p, self._proc = self._proc, None
            if p is None:
                return
            try:
                if p.stdin:
                    p.stdin.close()
                p.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                p.kill()
                p.wait()
            finally:
                if p.stdout:
                    p.stdout.close()

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort at exit
        try:
            self.close()
        except Exception:
            pass

    # -- protocol ------------------------------------------------------

    def _send(self, msg: Dict[str, Any]) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        data = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        try:
            self._proc.stdin.write(data)
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise self._died() from e

    def _died(self) -> WorkerError:
        code = self._proc.poll() if self._proc else None
        tail = "\n".join(self._stderr)
        msg = "citelint worker stopped answering"
        if code is not None:
            msg += f" (exit code {code})"
        if tail:
            msg += ":\n" + tail
        return WorkerError(msg)

    def _request(self, method: str, params: Dict[str, Any]) -> Dict[str, Any]:
        self._next_id += 1
        rid = self._next_id
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        assert self._proc is not None and self._proc.stdout is not None
        while True:
            line = self._proc.stdout.readline()
            if not line:
                raise self._died()
            msg = json.loads(line)
            if "method" in msg:
                if "id" in msg:
                    # A request from the server (sampling, roots): this
                    # client offers none of them.
                    self._send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "not supported by citelint-python"}})
                continue  # notifications (logging, progress)
            if msg.get("id") != rid:
                continue
            if "error" in msg:
                err = msg["error"]
                raise CitelintError(err.get("message", str(err)))
            return msg.get("result") or {}

    def call_tool(self, name: str, arguments: Dict[str, Any]) -> Dict[str, Any]:
        """Call one of citelint's MCP tools and return its structured content."""
        with self._lock:
            if not self._alive():
                self._start()
            res = self._request("tools/call", {"name": name, "arguments": arguments})
        if res.get("isError"):
            text = " ".join(c.get("text", "") for c in res.get("content") or [] if c.get("type") == "text")
            raise CitelintError(text or "citelint reported an error")
        sc = res.get("structuredContent")
        if sc is None:
            raise CitelintError(f"{name}: the worker returned no structured content")
        return sc


def _version() -> str:
    try:
        from ._version import __version__

        return __version__
    except ImportError:  # a source checkout, not a built wheel
        return "0.0.0.dev0"
