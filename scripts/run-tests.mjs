#!/usr/bin/env node
// `npm test`: every check in order, then one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
mkdirSync('.tmp', { recursive: true });

const stages = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'i18n', cmd: ['node', 'scripts/i18n-check.mjs'] },
  { name: 'unit', vitest: 'unit' },
  { name: 'integration', vitest: 'integration' },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'e2e', vitest: 'e2e' },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const summary = [];

for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  const started = Date.now();
  console.log(`\n=== ${stage.name} ===`);
  let ok;
  if (stage.vitest) {
    const out = `.tmp/vitest-${stage.vitest}.json`;
    rmSync(out, { force: true });
    const res = spawnSync('npx', ['vitest', 'run', '--project', stage.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { stdio: 'inherit' });
    let counts = { p: 0, f: 0 };
    if (existsSync(out)) {
      const json = JSON.parse(readFileSync(out, 'utf8'));
      // A failed test counts once; a file that failed without a failed test (it did not load) counts too.
      const brokenFiles = (json.testResults ?? []).filter((file) => file.status === 'failed'
        && !(file.assertionResults ?? []).some((test) => test.status === 'failed')).length;
      counts = { p: json.numPassedTests ?? 0, f: (json.numFailedTests ?? 0) + brokenFiles };
    }
    ok = res.status === 0 && counts.f === 0 && counts.p > 0;
    passed += counts.p;
    failed += counts.f + (ok || counts.f > 0 ? 0 : 1);
    summary.push(`${stage.name}: ${counts.p} passed, ${counts.f} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } else {
    const res = spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit' });
    ok = res.status === 0;
    if (ok) passed += 1; else failed += 1;
    summary.push(`${stage.name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (!ok && stage.name === 'build') {
    summary.push('e2e: skipped (no build)');
    failed += 1;
    break;
  }
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
