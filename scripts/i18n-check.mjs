#!/usr/bin/env node
// Fails when a key is missing from a language, when a non-English value is the English text
// word for word (an untranslated string), unless the value is on the allow-list (brands, places),
// or when a French value breaks French typography (rules in french-typography.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { frenchTypographyProblems } from './french-typography.mjs';

const LOCALES = ['en', 'es', 'fr', 'de'];
const root = path.join(process.cwd(), 'messages');
const allow = new Set(JSON.parse(readFileSync(path.join(root, 'i18n-allow.json'), 'utf8')));

// Arrays are flattened too, with their index as the key (`plans.0.features.2`), so an untranslated
// item or a list of a different length is caught like any other key.
function flatten(obj, prefix = '', out = {}) {
  const entries = Array.isArray(obj) ? obj.map((v, i) => [String(i), v]) : Object.entries(obj);
  for (const [k, v] of entries) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

function load(locale) {
  const dir = path.join(root, locale);
  const out = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), path.basename(file, '.json'), out);
  }
  return out;
}

const messages = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));
const problems = [];
const isTrivial = (v) => typeof v !== 'string' || !/[A-Za-z]{2,}/.test(v.replace(/\{[^}]*\}/g, ''));

for (const locale of LOCALES) {
  for (const key of Object.keys(messages.en)) {
    if (!(key in messages[locale])) problems.push(`${locale}: missing ${key}`);
  }
  for (const key of Object.keys(messages[locale])) {
    if (!(key in messages.en)) problems.push(`${locale}: ${key} is not in English`);
  }
  if (locale === 'en') continue;
  for (const [key, value] of Object.entries(messages[locale])) {
    if (value === messages.en[key] && !isTrivial(value) && !allow.has(value) && !allow.has(key)) {
      problems.push(`${locale}: ${key} is identical to English (${JSON.stringify(value).slice(0, 60)})`);
    }
    if (locale === 'fr' && typeof value === 'string') {
      const file = `messages/fr/${key.split('.')[0]}.json`;
      for (const problem of frenchTypographyProblems(value)) problems.push(`fr: ${key}: ${problem} (${file})`);
    }
  }
}

const total = Object.keys(messages.en).length;
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`i18n: ${problems.length} problem(s) in ${total} keys`);
  process.exit(1);
}
console.log(`i18n: ${total} keys complete in ${LOCALES.join(', ')}`);
