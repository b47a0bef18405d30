#!/usr/bin/env node
// Fairy-Stockfish (npm package `fairy-stockfish-nnue.wasm`) as a UCI command on stdin/stdout.
//
// Usage: node scripts/fsf-uci.mjs [--variants FILE.ini]
// Environment: FSF_WASM_DIR, the folder holding the package's stockfish.js (default: the
// package under target/tools/fsf/node_modules, as scripts/strength.py --install installs it).
// With --variants, the file is copied into the engine's virtual file system and loaded with
// `setoption name VariantPath` before any command is read, so `setoption name UCI_Variant value
// ogi` works at once.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import readline from "node:readline";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let variants = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--variants" && i + 1 < args.length) {
    variants = args[++i];
  } else {
    process.stderr.write(`fsf-uci: unknown argument ${args[i]}\n`);
    process.exit(2);
  }
}
const dir = process.env.FSF_WASM_DIR
  ? resolve(process.env.FSF_WASM_DIR)
  : join(here, "..", "target", "tools", "fsf", "node_modules", "fairy-stockfish-nnue.wasm");

// Node 20 has a global fetch, which makes the Emscripten loader take the browser path.
delete globalThis.fetch;
const require = createRequire(import.meta.url);
const Stockfish = require(join(dir, "stockfish.js"));
const engine = await Stockfish();
engine.addMessageListener((line) => process.stdout.write(line + "\n"));
if (variants) {
  engine.FS.writeFile("/variants.ini", readFileSync(variants));
  engine.postMessage("setoption name VariantPath value /variants.ini");
}
const input = readline.createInterface({ input: process.stdin });
for await (const line of input) {
  const cmd = line.trim();
  if (cmd === "quit") break;
  engine.postMessage(cmd);
}
engine.postMessage("quit");
engine.terminate();
process.exit(0);
