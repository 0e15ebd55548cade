#!/usr/bin/env node
// Writes the e2e workspace: one Python file with a planted GitHub-style token, made up at test
// time (random, with the CRC32 check digits of the documented ghp_ format) so no
// real-looking value is committed. Writes {"folder","file","line","value"} to INFO_JSON (kept
// outside the workspace and never printed: the value must not reach any log).
//
// usage: node fixture.js DIR INFO_JSON
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function crc32(text) {
  if (typeof zlib.crc32 === 'function') return zlib.crc32(text) >>> 0;
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(n, width) {
  let out = '';
  for (; n > 0; n = Math.floor(n / 62)) out = BASE62[n % 62] + out;
  return out.padStart(width, '0');
}

/** ghp_ + 30 random base62 characters + their CRC32 as 6 base62 characters. */
function githubStyleToken() {
  const bytes = crypto.randomBytes(30);
  const random = Array.from(bytes, (b) => BASE62[b % 62]).join('');
  return `ghp_${random}${base62(crc32(random), 6)}`;
}

function main() {
  const [dir, info] = process.argv.slice(2);
  if (!dir || !info) {
    console.error('usage: node fixture.js DIR INFO_JSON');
    process.exit(2);
  }
  const folder = path.resolve(dir);
  const value = githubStyleToken();
  const file = 'app/settings.py';
  const lines = [
    '"""Settings of a small app (an e2e fixture: the token below is made up at test time)."""',
    '',
    'DEBUG = False',
    `GITHUB_TOKEN = "${value}"`,
    '',
  ];
  fs.mkdirSync(path.join(folder, 'app'), { recursive: true });
  fs.writeFileSync(path.join(folder, file), lines.join('\n'));
  fs.writeFileSync(info, JSON.stringify({ folder, file, line: 4, value }) + '\n', { mode: 0o600 });
}

if (require.main === module) main();
module.exports = { githubStyleToken, crc32, base62 };
