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
  function markerInfo(parent, m, shown) {
    add(parent, "p", "Citation " + m.t, "k");
    var ul = add(parent, "ul");
    m.c.forEach(function (c) {
      var li = add(ul, "li");
      add(li, "strong", c.l + ": ");
      add(li, "span", c.st === "resolved" ? (c.e || "(resolves, no entry text)") : c.st === "unresolved" ? "resolves to nothing in this document" : "not checked (no bibliography or source store)");
    });
    issues(parent, (m.i || []).filter(function (i) { return !shown || !shown.some(function (j) { return j.m === i.m && j.l === i.l; }); }));
  }
  function fill(el) {
    var art = el.closest("article");
    if (!art) return false;
    var d = data(art);
    tip.textContent = "";
    if (el.dataset.s === undefined) {
      markerInfo(tip, d.c[+el.dataset.c]);
      return true;
    }
    var s = d.s[+el.dataset.s];
    if (!s) return false;
    add(tip, "h4", statusText[s.st] || s.st).dataset.status = s.st;
    if (s.sc !== undefined) {
      add(tip, "p", "Score " + s.sc.toFixed(2) + " (threshold " + s.th.toFixed(2) + ")").className = "score";
      if (s.p) {
        add(tip, "p", "Closest passage" + (s.f ? " (" + s.f + ")" : "") + ":", "k");
        add(tip, "blockquote", s.p).className = "passage";
      }
      if (s.m && s.m.length) add(tip, "p", "Not found in the source: " + s.m.join(", ")).className = "missing";
    }
    issues(tip, s.i);
    (s.c || []).forEach(function (m) { markerInfo(tip, d.c[m], s.i); });
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
  function show(el) {
    if (!fill(el)) return;
    unlight();
    if (el.dataset.s !== undefined) {
      lit = Array.prototype.slice.call(el.closest("article").querySelectorAll('.s[data-s="' + el.dataset.s + '"]'));
      lit.forEach(function (e) { e.classList.add("on"); });
    }
    tip.hidden = false;
    place(el);
    el.setAttribute("aria-describedby", "tip");
  }
  function hide() {
    tip.hidden = true;
    unlight();
  }
  function target(e) {
    var t = e.target;
    // A citation inside a marked sentence shows the sentence's details,
    // which list the citation too.
    return t && t.closest ? t.closest(".s[data-s]") || t.closest(".c[data-c]") : null;
  }
  document.addEventListener("mouseover", function (e) {
    var el = target(e);
    if (el) show(el);
  });
  document.addEventListener("mouseout", function (e) {
    var el = target(e);
    if (el && !el.contains(e.relatedTarget) && document.activeElement !== el) hide();
  });
  document.addEventListener("focusin", function (e) {
    var el = target(e);
    if (el) show(el); else hide();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { hide(); return; }
    if ((e.key !== "n" && e.key !== "p") || e.ctrlKey || e.metaKey || e.altKey) return;
    var all = Array.prototype.slice.call(document.querySelectorAll(".s[tabindex]:not(.st-supported):not(.st-cited)"));
    if (!all.length) return;
    var i = all.indexOf(document.activeElement);
    i = e.key === "n" ? (i + 1) % all.length : (i <= 0 ? all.length - 1 : i - 1);
    all[i].focus();
    all[i].scrollIntoView({ block: "center" });
    e.preventDefault();
  });
})();
