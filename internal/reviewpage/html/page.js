"use strict";
// The review page's script: on hover or focus of a marked sentence or a
// citation, show its evidence (from the document's JSON data block) in
// one tooltip; n and p move focus between flagged sentences. It only
// ever sets textContent: the data is the document's text.
(function () {
  var tip = document.getElementById("tip");
  var cache = new WeakMap();
  var lit = [];
  function data(art) {
    if (!cache.has(art)) {
      var el = art.querySelector("script.data");
      cache.set(art, el ? JSON.parse(el.textContent) : { s: [], c: [] });
    }
    return cache.get(art);
  }
  function add(parent, tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    parent.appendChild(e);
    return e;
  }
  var statusText = {
    supported: "Cited and supported", weak: "Cited, weakly supported", missing: "Cites something that does not exist",
    uncited: "Checkable claim with no citation", unverified: "Cited, but no source text to check", cited: "Cited, not scored"
  };
  function issues(parent, list) {
    if (!list || !list.length) return;
    var ul = add(parent, "ul");
    list.forEach(function (i) { add(ul, "li", i.v + " (" + i.r + "), line " + i.l + ": " + i.m); });
  }
  // source writes a cited work's title as a link to it (its URL, DOI or
  // arXiv address, checked again here), or as text when it has no link.
  function safe(link) { return !!link && /^https?:\/\//i.test(link); }
  function text(parent, t) { parent.appendChild(document.createTextNode(t)); }
  function source(parent, title, link) {
    if (safe(link)) {
      var a = add(parent, "a", title || link, "src");
      a.href = link;
      a.rel = "nofollow noopener noreferrer";
      return a;
    }
    if (title) return add(parent, "span", title, "src");
  }
  // src is source n (from 1) of document data d: its entry, title, link.
  function src(d, n) { return (n && d.r && d.r[n - 1]) || {}; }
  // markerText is the text of marker n of article art, as the page shows it.
  function markerText(art, n) {
    return Array.prototype.map.call(art.querySelectorAll('.c[data-c="' + n + '"]'), function (e) { return e.textContent; }).join("");
  }
  function markerInfo(parent, d, m, text, shown) {
    add(parent, "p", "Citation " + text, "k");
    var ul = add(parent, "ul");
    m.c.forEach(function (c) {
      var li = add(ul, "li"), r = src(d, c.r);
      add(li, "strong", c.l + ": ");
      if (c.st) {
        add(li, "span", c.st === "unresolved" ? "resolves to nothing in this document" : "not checked (no bibliography or source store)");
        return;
      }
      if (!source(li, r.t, r.u)) add(li, "span", r.e || "(resolves, no entry text)");
      else if (r.e && r.e !== r.t) add(li, "span", r.e, "entry");
    });
    issues(parent, (m.i || []).filter(function (i) { return !shown || !shown.some(function (j) { return j.m === i.m && j.l === i.l; }); }));
  }
  function fill(el) {
    var art = el.closest("article");
    if (!art) return false;
    var d = data(art);
    tip.textContent = "";
    if (el.dataset.s === undefined) {
      markerInfo(tip, d, d.c[+el.dataset.c], markerText(art, el.dataset.c));
      return true;
    }
    var s = d.s[+el.dataset.s];
    if (!s) return false;
    var st = (el.className.match(/\bst-(\w+)/) || [])[1];
    add(tip, "h4", statusText[st] || st).dataset.status = st;
    if (s.sc !== undefined) {
      add(tip, "p", "Score " + s.sc.toFixed(2) + " (threshold " + s.th.toFixed(2) + ")").className = "score";
      if (s.p) {
        var from = add(tip, "p", "Closest passage", "k"), r = src(d, s.fr), named = r.t || safe(r.u);
        if (s.f || named) {
          text(from, " (" + (s.f || "") + (s.f && named ? ": " : ""));
          source(from, r.t, r.u);
          text(from, ")");
        }
        text(from, ":");
        add(tip, "blockquote", s.p).className = "passage";
      }
      if (s.m && s.m.length) add(tip, "p", "Not found in the source: " + s.m.join(", ")).className = "missing";
    }
    issues(tip, s.i);
    (s.c || []).forEach(function (m) { markerInfo(tip, d, d.c[m], markerText(art, m), s.i); });
    return true;
  }
  function place(el) {
    var r = el.getBoundingClientRect();
    tip.style.left = Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4)) + "px";
    tip.style.top = (window.scrollY + r.bottom + 6) + "px";
  }
  function unlight() {
    lit.forEach(function (e) { e.classList.remove("on"); });
    lit = [];
  }
  // anchor is the sentence or citation the tooltip shows; leaving is the
  // timer that hides it once the pointer has left it (a moment's grace,
  // to cross the gap into the tooltip); quiet, that a focus is not to
  // show it (Escape gives focus back to the anchor).
  var anchor = null, leaving = 0, quiet = false;
  function show(el) {
    clearTimeout(leaving);
    if (!fill(el)) return;
    unlight();
    if (el.dataset.s !== undefined) {
      lit = Array.prototype.slice.call(el.closest("article").querySelectorAll('.s[data-s="' + el.dataset.s + '"]'));
      lit.forEach(function (e) { e.classList.add("on"); });
    }
    tip.hidden = false;
    place(el);
    el.setAttribute("aria-describedby", "tip");
    anchor = el;
  }
  function hide() {
    clearTimeout(leaving);
    tip.hidden = true;
    unlight();
    anchor = null;
  }
  function hideSoon() {
    clearTimeout(leaving);
    leaving = setTimeout(hide, 300);
  }
  function target(e) {
    var t = e.target;
    // A citation inside a marked sentence shows the sentence's details,
    // which list the citation too.
    return t && t.closest ? t.closest(".s[data-s]") || t.closest(".c[data-c]") : null;
  }
  function inTip(n) { return !!n && tip.contains(n); }
  // after is the first element Tab reaches after el outside the tooltip.
  function after(el) {
    var all = document.querySelectorAll("a[href], [tabindex='0'], summary, button, input, select, textarea");
    for (var i = 0; i < all.length; i++) {
      if (!inTip(all[i]) && all[i] !== el && (el.compareDocumentPosition(all[i]) & Node.DOCUMENT_POSITION_FOLLOWING) &&
        !el.contains(all[i]) && all[i].offsetParent !== null) return all[i];
    }
    return null;
  }
  // The tooltip stays while the pointer moves into it or focus is in it,
  // so its links to the sources can be followed.
  document.addEventListener("mouseover", function (e) {
    if (inTip(e.target)) { clearTimeout(leaving); return; }
    var el = target(e);
    if (el) show(el);
  });
  document.addEventListener("mouseout", function (e) {
    var to = e.relatedTarget;
    if (inTip(to)) return;
    if (inTip(e.target)) {
      if (!(anchor && anchor.contains(to)) && !inTip(document.activeElement) && document.activeElement !== anchor) hide();
      return;
    }
    var el = target(e);
    if (el && !el.contains(to) && document.activeElement !== el) hideSoon();
  });
  document.addEventListener("focusin", function (e) {
    if (inTip(e.target) || quiet) return;
    var el = target(e);
    if (el) show(el); else hide();
  });
  document.addEventListener("keydown", function (e) {
    var links = tip.hidden ? [] : tip.querySelectorAll("a[href]");
    if (e.key === "Escape") {
      var back = inTip(document.activeElement) ? anchor : null;
      hide();
      if (back) { quiet = true; back.focus(); quiet = false; }
      return;
    }
    // Tab from the sentence goes into its tooltip's links; Tab past the
    // last goes on from the sentence, Shift+Tab from the first back to it.
    if (e.key === "Tab" && links.length && anchor) {
      var a = document.activeElement;
      if (a === anchor && !e.shiftKey) { links[0].focus(); e.preventDefault(); }
      else if (a === links[0] && e.shiftKey) { anchor.focus(); e.preventDefault(); }
      else if (a === links[links.length - 1] && !e.shiftKey) {
        var next = after(anchor);
        if (next) { next.focus(); e.preventDefault(); } else hide();
      }
      return;
    }
    if ((e.key !== "n" && e.key !== "p") || e.ctrlKey || e.metaKey || e.altKey || inTip(document.activeElement)) return;
    var all = Array.prototype.slice.call(document.querySelectorAll(".s[tabindex]:not(.st-supported):not(.st-cited)"));
    if (!all.length) return;
    var i = all.indexOf(document.activeElement);
    i = e.key === "n" ? (i + 1) % all.length : (i <= 0 ? all.length - 1 : i - 1);
    all[i].focus();
    all[i].scrollIntoView({ block: "center" });
    e.preventDefault();
  });
})();
