/* narrate author preview: feed-URL copy button (course page); player, chapters, script highlight,
 * hidden quiz answers and keyboard control (episode pages). No dependencies; works from file://. */
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.remove("no-js");
  root.classList.add("js");
  var phraseData = document.getElementById("phrases");
  var phrases = phraseData ? JSON.parse(phraseData.textContent) : {};

  // ------------------------------------------------------------ course page: copy the feed URL
  var copyButton = document.getElementById("copy-feed");
  if (copyButton) {
    var feedInput = document.getElementById("feed-url");
    var copyStatus = document.getElementById("copy-status");
    var report = function (ok) {
      copyStatus.textContent = ok ? phrases.copied : phrases.copy_manually;
    };
    var fallback = function () {
      feedInput.focus();
      feedInput.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      report(ok);
    };
    copyButton.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(feedInput.value).then(function () { report(true); }, fallback);
      } else {
        fallback();
      }
    });
    feedInput.addEventListener("focus", function () { feedInput.select(); });
  }

  // ------------------------------------------------------------ episode page
  var audio = document.getElementById("audio");
  var timingNode = document.getElementById("timing");
  if (!audio || !timingNode) return;
  var timing = JSON.parse(timingNode.textContent);
  var cues = timing.cues.map(function (c) {
    return { id: c.id, start: c.start, end: c.end, kind: c.kind, answerAfter: c.answerAfter,
             el: document.getElementById(c.id) };
  });
  var chapters = timing.chapters;
  var chapterButtons = Array.prototype.slice.call(document.querySelectorAll("button.chapter"));
  var nowChapter = document.getElementById("now-chapter");
  var reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var revealed = {};        // answerAfter (ms) → true once "Show answer" was pressed
  var currentCue = -1;
  var currentChapter = -1;
  var followNext = false;   // scroll the next highlighted cue into view even when paused (after a jump)

  function nowMs() { return Math.round(audio.currentTime * 1000); }

  // Index of the item whose [start, end) holds ms (items sorted by start), or -1.
  function indexAt(items, ms) {
    var lo = 0, hi = items.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (items[mid].start <= ms) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    return found >= 0 && ms < items[found].end ? found : -1;
  }

  function isVisible(el) {
    var r = el.getBoundingClientRect();
    var top = 0;
    var player = document.querySelector(".player");
    if (player && getComputedStyle(player).position === "sticky") top = player.getBoundingClientRect().bottom;
    return r.top >= top && r.bottom <= (window.innerHeight || root.clientHeight);
  }

  function update() {
    var ms = nowMs();
    var i = indexAt(cues, ms);
    if (i !== currentCue) {
      if (currentCue >= 0 && cues[currentCue].el) {
        cues[currentCue].el.classList.remove("current");
        cues[currentCue].el.removeAttribute("aria-current");
      }
      currentCue = i;
      if (i >= 0 && cues[i].el) {
        cues[i].el.classList.add("current");
        cues[i].el.setAttribute("aria-current", "true");
        if ((followNext || !audio.paused) && !isVisible(cues[i].el)) {
          cues[i].el.scrollIntoView({ block: "center", behavior: reducedMotion ? "auto" : "smooth" });
        }
      }
    }
    followNext = false;
    var c = indexAt(chapters, ms);
    if (c < 0 && chapters.length && ms >= chapters[chapters.length - 1].end) c = chapters.length - 1;
    if (c !== currentChapter) {
      if (currentChapter >= 0 && chapterButtons[currentChapter]) chapterButtons[currentChapter].removeAttribute("aria-current");
      currentChapter = c;
      if (c >= 0 && chapterButtons[c]) {
        chapterButtons[c].setAttribute("aria-current", "true");
        if (nowChapter) nowChapter.textContent = chapterButtons[c].querySelector(".title").textContent;
      }
    }
    cues.forEach(function (cue) {
      if (!cue.el) return;
      if (cue.answerAfter !== null && cue.answerAfter !== undefined) {
        var hide = !revealed[cue.answerAfter] && ms < cue.answerAfter;
        var text = cue.el.querySelector(".text");
        if (cue.el.classList.contains("concealed") !== hide || text.hasAttribute("aria-hidden") !== hide) {
          cue.el.classList.toggle("concealed", hide);
          if (hide) text.setAttribute("aria-hidden", "true"); else text.removeAttribute("aria-hidden");
        }
      }
      if (cue.kind === "think" || cue.kind === "repeat") {
        var done = Math.min(1, Math.max(0, (ms - cue.start) / Math.max(1, cue.end - cue.start)));
        cue.el.querySelector(".fill").style.width = (done * 100).toFixed(1) + "%";
      }
    });
  }

  function seek(ms, play) {
    audio.currentTime = ms / 1000;
    followNext = true;
    if (play) {
      var p = audio.play();
      if (p && p.catch) p.catch(function () { /* playback blocked: the position is still set */ });
    }
    update();
  }

  function step(direction) {
    var ms = nowMs();
    var i = indexAt(cues, ms);
    if (i < 0) i = ms >= (cues.length ? cues[cues.length - 1].end : 0) ? cues.length : -1;
    var target;
    if (direction > 0) target = Math.min(i + 1, cues.length - 1);
    else target = i >= 0 && i < cues.length && ms - cues[i].start > 1500 ? i : Math.max(i - 1, 0);
    if (cues[target]) seek(cues[target].start, false);
  }

  chapterButtons.forEach(function (button) {
    button.addEventListener("click", function () { seek(Number(button.dataset.start), true); });
  });

  document.getElementById("script").addEventListener("click", function (event) {
    var reveal = event.target.closest(".reveal");
    if (reveal) {
      revealed[Number(reveal.dataset.answerAfter)] = true;
      update();
      var first = reveal.closest(".cue");
      if (first) first.querySelector(".cue-time").focus();
      return;
    }
    var row = event.target.closest(".cue");
    if (!row || (window.getSelection && String(window.getSelection()).length > 0)) return;
    seek(Number(row.dataset.start), true);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    var target = event.target;
    var tag = target && target.tagName;
    if (target === audio || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    if (event.key === " " || event.key === "Spacebar" || event.key === "k") {
      event.preventDefault();
      if (audio.paused) seek(nowMs(), true); else audio.pause();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      var forward = event.key === "ArrowRight";
      if (event.shiftKey) {
        var ms = nowMs() + (forward ? 5000 : -5000);
        var end = isFinite(audio.duration) ? audio.duration * 1000 : ms;
        seek(Math.max(0, Math.min(ms, end)), !audio.paused);
      } else {
        step(forward ? 1 : -1);
      }
    }
  });

  var frame = null;
  function tick() {
    update();
    frame = audio.paused ? null : window.requestAnimationFrame(tick);
  }
  audio.addEventListener("play", function () { if (frame === null) frame = window.requestAnimationFrame(tick); });
  ["timeupdate", "seeked", "seeking", "pause", "ended", "loadedmetadata"].forEach(function (name) {
    audio.addEventListener(name, update);
  });
  update();

  // ------------------------------------------------------------ proof-listening marks
  // `narrate check --listen` writes assets/listen.js: window.narrateListen = {"<audio file name>":
  // [{start_ms, heard, suggestion}]}. Marks are keyed by the audio file, so a rebuilt episode (new
  // file name) shows none until it is heard again. Without the file (never listened) nothing happens.
  function markMisheard(all) {
    var name = decodeURIComponent(audio.getAttribute("src").split("/").pop());
    (all[name] || []).forEach(function (mark) {
      var row = document.querySelector('.cue.say[data-start="' + mark.start_ms + '"]');
      if (!row) return;
      row.classList.add("misheard");
      var note = document.createElement("span");
      note.className = "heard";
      note.textContent = "Heard: " + (mark.heard || "(nothing)") + (mark.suggestion ? " · lexicon? " + mark.suggestion : "");
      row.querySelector(".text").appendChild(note);
    });
  }
  var self = document.currentScript || document.querySelector('script[src$="preview.js"]');
  if (self) {
    var marks = document.createElement("script");
    marks.src = self.getAttribute("src").replace(/preview\.js$/, "listen.js");
    marks.onload = function () { markMisheard(window.narrateListen || {}); };
    marks.onerror = function () { /* never listened: no marks */ };
    document.body.appendChild(marks);
  }
})();
