package httpclient

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/net/idna"
)

// This file holds the private-address guard. URLs come from documents in
// pull requests, so a host must not name the network citelint runs in, in
// any spelling the dialer, the C resolver or a proxy would accept:
// "2130706433", "0x7f.1", "127.1", "localhost." and a public-looking name
// whose DNS answer is 127.0.0.1 all reach loopback. Without a proxy the
// dialer checks every resolved address; with a proxy the proxy resolves
// and connects, so the target is checked here before the request is
// handed over, and names are resolved by citelint first.

// CanonicalHost returns host (a URL's host name, without port or
// brackets) as the HTTP client will dial it and as browsers' URL parser
// (WHATWG), curl and inet_aton read it: a name that is not ASCII mapped
// by IDNA, as net/http does before it dials (fullwidth digits and "。"
// become ASCII), then any numeric spelling of an address written in its
// one canonical form ("127.1", "2130706433", "0x7f.0.0.1", "0177.0.0.1",
// "127.0.0.1." and "１２７.０.０.１" are all "127.0.0.1"; "::FFFF:7f00:1"
// is "::ffff:127.0.0.1"). A name stays a name, in lower case.
func CanonicalHost(host string) string {
	h := host
	if !isASCII(h) {
		if a, err := idna.Lookup.ToASCII(h); err == nil {
			h = a
		}
	}
	if a, ok := ParseHost(h); ok {
		return a.String()
	}
	return strings.ToLower(h)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// canonicalURL returns u with its host in canonical form when the host
// is a numeric spelling of an address (CanonicalHost), else u itself: a
// request for "http://0x5db8d822/" goes to 93.184.216.34, as it would in
// a browser, instead of asking DNS for a name that does not exist (a dead
// link that is not), and the guard judges the very address dialled.
func canonicalURL(u *url.URL) *url.URL {
	host := u.Hostname()
	if _, ok := ParseHost(CanonicalHost(host)); !ok {
		return u
	}
	c := CanonicalHost(host)
	if c == host {
		return u
	}
	if strings.Contains(c, ":") {
		c = "[" + c + "]"
	}
	if p := u.Port(); p != "" {
		c += ":" + p
	}
	v := *u
	v.Host = c
	return &v
}

// ParseHost parses every numeric spelling of an IP address that some
// resolver accepts: IPv6 (brackets and zone allowed), dotted IPv4 and the
// inet_aton forms with one to four parts, each decimal, octal (leading 0)
// or hexadecimal (0x), the last filling the remaining bytes ("127.1",
// "2130706433", "0x7f.0.0.1", "0177.0.0.1"). A trailing dot is ignored.
// ok is false for a host name.
func ParseHost(host string) (netip.Addr, bool) {
	h := strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), ".")
	if a, err := netip.ParseAddr(h); err == nil {
		return a, true
	}
	return parseInetAton(h)
}

// parseInetAton follows inet_aton(3), which glibc's getaddrinfo, curl and
// most proxies use for numeric hosts.
func parseInetAton(h string) (netip.Addr, bool) {
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		v, ok := parseAtonPart(p)
		if !ok {
			return netip.Addr{}, false
		}
		vals[i] = v
	}
	var n uint64
	for i, v := range vals[:len(vals)-1] {
		if v > 0xff {
			return netip.Addr{}, false
		}
		n |= v << (8 * (3 - i))
	}
	last := vals[len(vals)-1]
	if last >= 1<<(8*(5-len(vals))) {
		return netip.Addr{}, false
	}
	n |= last
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}), true
}

func parseAtonPart(p string) (uint64, bool) {
	base := 10
	switch {
	case p == "":
		return 0, false
	case len(p) > 1 && (p[:2] == "0x" || p[:2] == "0X"):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true // inet_aton takes a bare "0x" as zero
		}
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	}
	v, err := strconv.ParseUint(p, base, 32)
	return v, err == nil
}

// localName reports whether a host name always means this machine
// (RFC 6761: localhost and every name under it), trailing dot or not.
func localName(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	return h == "localhost" || strings.HasSuffix(h, ".localhost")
}

// refused reports whether a is an address citelint must not connect to
// unless AllowPrivate: loopback, private (RFC 1918, fc00::/7), link-local
// (cloud metadata at 169.254.169.254 among them), unspecified, multicast,
// 0.0.0.0/8, 100.64.0.0/10 (carrier-grade NAT), 192.0.0.0/24, 198.18.0.0/15,
// 240.0.0.0/4, site-local fec0::/10, Teredo, and the IPv6 forms that carry
// an IPv4 address (mapped, compatible, NAT64, 6to4) when that address is
// refused: a NAT64 gateway or 6to4 relay would deliver them to it.
func refused(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsUnspecified() || a.IsMulticast() {
		return true
	}
	if a.Is4() {
		b := a.As4()
		return b[0] == 0 || b[0] >= 240 || (b[0] == 100 && b[1]&0xc0 == 64) ||
			(b[0] == 192 && b[1] == 0 && b[2] == 0) || (b[0] == 198 && b[1]&0xfe == 18)
	}
	if v4, ok := embeddedIPv4(a); ok {
		return refused(v4)
	}
	b := a.As16()
	switch {
	case b[0] == 0xfe && b[1]&0xc0 == 0xc0: // fec0::/10, deprecated site-local
		return true
	case b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0: // Teredo 2001::/32 tunnels to anywhere
		return true
	}
	return false
}

var (
	nat64      = netip.MustParsePrefix("64:ff9b::/96")
	nat64Local = netip.MustParsePrefix("64:ff9b:1::/48")
	sixToFour  = netip.MustParsePrefix("2002::/16")
	compatible = netip.MustParsePrefix("::/96")
)

// embeddedIPv4 returns the IPv4 address an IPv6 address is a gateway
// form of: NAT64 (RFC 6052, the well-known and local-use prefixes: the
// last 32 bits), IPv4-compatible (::a.b.c.d) and 6to4 (2002:AABB:CCDD::).
func embeddedIPv4(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	switch {
	case nat64.Contains(a), nat64Local.Contains(a), compatible.Contains(a):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	}
	return netip.Addr{}, false
}

// Each exemption from the guard holds for the purpose it was granted for
// and no other (issue 37):
//
//   - a proxy (HTTP_PROXY and the like) is a transport: the connection to
//     it is not checked, but its address is never exempt as a request's
//     target, so a page redirecting to http://127.0.0.1:3128/ (the proxy's
//     own status page) is refused like any loopback address;
//   - AllowHosts are endpoints the workflow trusts (a registry mirror, the
//     judge): exempt only for a request the caller addresses there itself
//     (Endpoint, EndpointTransport), and only on its first hop; a document
//     link to the same host, or a redirect that lands there, is checked
//     like any other;
//   - AllowAddrs and AllowPrivate hold for every request.

// endpointKey marks a context whose requests go to a configured endpoint.
type endpointKey struct{}

// Endpoint marks ctx's requests as addressed by citelint's configuration
// (a registry's base URL, the judge), not by a document: their first
// hop may go to a host in Options.AllowHosts. Redirects never may.
func Endpoint(ctx context.Context) context.Context {
	return context.WithValue(ctx, endpointKey{}, true)
}

// hopKey carries a hop's exemptions from RoundTrip to the proxy and dial
// functions, which see only the request's context.
type hopKey struct{}

// hop is what one request hop is exempt from, decided once in RoundTrip.
type hop struct {
	// trusted: the first hop of an endpoint request to a host in
	// AllowHosts; it goes through a transport of its own, so that no
	// connection it opens serves a request that is not.
	trusted bool
	// proxied: the transport dials the proxy, not the target (which the
	// proxy function checked).
	proxied bool
}

func hopOf(ctx context.Context) hop {
	h, _ := ctx.Value(hopKey{}).(hop)
	return h
}

// hostPort is u's host in canonical form with its port, the scheme's
// default when the URL gives none.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return net.JoinHostPort(strings.TrimSuffix(CanonicalHost(u.Hostname()), "."), port)
}

// trustedHost reports whether u's host is in AllowHosts, by name (every
// port) or by name:port.
func (c *Client) trustedHost(u *url.URL) bool {
	hp := hostPort(u)
	host, _, _ := net.SplitHostPort(hp)
	for _, h := range c.allowHosts {
		if h == host || h == hp {
			return true
		}
	}
	return false
}

// canonicalAllowHost is an AllowHosts entry in the form trustedHost
// compares: host or host:port, the host canonical.
func canonicalAllowHost(h string) string {
	if host, port, err := net.SplitHostPort(h); err == nil {
		return net.JoinHostPort(strings.TrimSuffix(CanonicalHost(host), "."), port)
	}
	return strings.TrimSuffix(CanonicalHost(strings.Trim(h, "[]")), ".")
}

// exempt reports whether the guard lets a hop to u through unchecked.
func (c *Client) exempt(u *url.URL, h hop) bool {
	return c.opts.AllowPrivate || h.trusted || c.allowAddrs[u.Host] || c.allowAddrs[hostPort(u)]
}

// checkLiteral refuses a request target spelled as a refused address or
// a local name, on every hop, proxy or not: the dialer would catch most of
// them, but a spelling Go's resolver does not read as an address
// ("2130706433") would otherwise go to DNS and come back "host not found",
// which is a dead link. It reports whether the host still needs resolving.
func (c *Client) checkLiteral(u *url.URL, h hop) (resolveName bool, err error) {
	if c.exempt(u, h) {
		return false, nil
	}
	host := CanonicalHost(u.Hostname())
	if localName(host) {
		return false, fmt.Errorf("%w: %s", ErrPrivateAddress, host)
	}
	if a, ok := ParseHost(host); ok {
		if refused(a) {
			return false, fmt.Errorf("%w: %s (%s)", ErrPrivateAddress, host, a)
		}
		return false, nil
	}
	return true, nil
}

// checkTarget refuses a request target that is, or resolves to, a refused
// address. It is what stands between a proxy and the private network: the
// proxy would connect wherever the URL says.
func (c *Client) checkTarget(ctx context.Context, u *url.URL, h hop) error {
	resolveName, err := c.checkLiteral(u, h)
	if !resolveName || err != nil {
		return err
	}
	host := CanonicalHost(u.Hostname())
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	addrs, err := c.lookup(ctx, "ip", host)
	if err != nil {
		return err
	}
	for _, a := range addrs {
		if refused(a) {
			return fmt.Errorf("%w: %s resolves to %s", ErrPrivateAddress, host, a)
		}
	}
	return nil
}

// proxy is http.ProxyFromEnvironment that refuses, before anything is
// sent to the proxy, targets that are or resolve to refused addresses
// (the guard cannot see through a proxy).
func (c *Client) proxy(req *http.Request) (*url.URL, error) {
	u, err := c.proxyFunc(req)
	if u == nil || err != nil {
		return u, err
	}
	if err := c.checkTarget(req.Context(), req.URL, hopOf(req.Context())); err != nil {
		return nil, err
	}
	return u, nil
}

// dial connects, checking every resolved address against the guard
// (net.Dialer.Control runs after DNS resolution, once per address tried,
// so DNS answers pointing at 127.0.0.1 are caught too). The connection
// to a proxy is not checked: a proxy on the local network is the
// workflow's choice, and proxy checked the target.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	h := hopOf(ctx)
	if !c.opts.AllowPrivate && !h.trusted && !h.proxied && !c.allowAddrs[addr] {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				host = address
			}
			a, err := netip.ParseAddr(host)
			if err != nil || refused(a) {
				return fmt.Errorf("%w: %s", ErrPrivateAddress, address)
			}
			return nil
		}
	}
	return d.DialContext(ctx, network, addr)
}

// PrivateHost reports whether host (a URL's host name, without port) is
// spelled as an address the guard refuses, or as a name that always means
// this machine. It does not resolve names: the dialer and the proxy check
// catch those when a request is sent.
func PrivateHost(host string) bool {
	host = CanonicalHost(host)
	if localName(host) {
		return true
	}
	a, ok := ParseHost(host)
	return ok && refused(a)
}

// Transport is the client's guarded transport (proxy check, dial check,
// request counts) without its retries and limits, for callers that must
// send a body. AllowHosts do not apply to its requests.
func (c *Client) Transport() http.RoundTripper { return c.hc.Transport }

// EndpointTransport is Transport for requests to a configured endpoint,
// such as the judge's POST: their first hop may go to a host in
// AllowHosts.
func (c *Client) EndpointTransport() http.RoundTripper {
	t := c.hc.Transport.(countingTransport)
	t.endpoint = true
	return t
}
