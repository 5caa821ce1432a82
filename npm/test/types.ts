// Compiled with tsc --noEmit --strict against the installed package's
// types (.ci/packages): the API is typed, and misuse does not compile.
import { Checker, CheckResult, Issue, Report, Severity, checkFiles, checkText, fixText } from "citelint";

async function main(): Promise<void> {
  const r: CheckResult = await checkText("A claim [1].\n", { sources: { "1": "text" }, enable: ["low-overlap"], ruleSet: "reports" });
  const first: Issue | undefined = r.issues[0];
  const sev: Severity | undefined = first?.severity;
  const grounded: number | undefined = r.grounded;
  const fixed: string = (await fixText("x")).text;
  const rep: Report = await checkFiles(["docs"], { enable: ["uncited-claim"] });
  const c = new Checker({ cwd: ".", noConfig: true });
  const pid: number | undefined = c.pid;
  await c.close();
  // @ts-expect-error: not a rule set
  await checkText("x", { ruleSet: "bogus" });
  // @ts-expect-error: sources are texts keyed by id
  await checkText("x", { sources: { a: 1 } });
  console.log(sev, grounded, fixed, rep.summary.files, pid, r.summary.support?.grounded);
}
void main;
