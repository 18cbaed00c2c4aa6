// narrate's bridge to speech-rule-engine (SRE): one process speaks every expression of a build.
// stdin: {"sre": "<path of the speech-rule-engine package>", "locale": "en", "math": [MathML or null, ...]}
// stdout: a JSON array of spoken strings (null where SRE could not speak an expression).
"use strict";
let data = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { data += chunk; });
process.stdin.on("end", async () => {
  const request = JSON.parse(data);
  const sre = require(request.sre);
  await sre.setupEngine({ domain: "clearspeak", locale: request.locale || "en", modality: "speech", markup: "none" });
  await sre.engineReady();
  const out = request.math.map((mathml) => {
    if (!mathml) return null;
    try { return sre.toSpeech(mathml); } catch (e) { return null; }
  });
  process.stdout.write(JSON.stringify(out));
});
