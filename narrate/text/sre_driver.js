// narrate's bridge to speech-rule-engine (SRE): one process speaks every expression of a build.
// stdin: {"sre": "<path of the speech-rule-engine package>", "locale": "en", "style": "<ClearSpeak preferences>",
//         "math": [MathML or null, ...]}
// stdout: a JSON array of spoken strings (null where SRE could not speak an expression).
"use strict";
let data = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { data += chunk; });
process.stdin.on("end", async () => {
  const request = JSON.parse(data);
  const sre = require(request.sre);
  const setup = { domain: "clearspeak", locale: request.locale || "en", modality: "speech", markup: "none" };
  if (request.style) setup.style = request.style;  // e.g. "VerticalLine_Given": p(t | w) is "p of t given w"
  await sre.setupEngine(setup);
  await sre.engineReady();
  const out = request.math.map((mathml) => {
    if (!mathml) return null;
    try { return sre.toSpeech(mathml); } catch (e) { return null; }
  });
  process.stdout.write(JSON.stringify(out));
});
