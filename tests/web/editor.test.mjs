// The playground editor's logic (web/js/highlight.mjs, bot_source.mjs
// errorLine) and the vendored editor (web/vendor) under node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { escapeHtml, highlightHtml, lineCount, tokens } from '../../web/js/highlight.mjs';
import {
  EXAMPLE,
  SYNTAX_CHECK_OFFSET,
  errorLine,
  syntaxCheckSource,
} from '../../web/js/bot_source.mjs';
import vm from 'node:vm';

const kinds = (code) => tokens(code).map(({ kind, text }) => [kind, text]);

test('tokens: comments, strings, numbers, keywords and literals, the rest plain', () => {
  assert.deepEqual(kinds("const n = 0x1F + 2.5e3; // sum\nif (s === 'a\\'b') return null;"), [
    ['keyword', 'const'],
    ['plain', ' n = '],
    ['number', '0x1F'],
    ['plain', ' + '],
    ['number', '2.5e3'],
    ['plain', '; '],
    ['comment', '// sum'],
    ['plain', '\n'],
    ['keyword', 'if'],
    ['plain', ' (s === '],
    ['string', "'a\\'b'"],
    ['plain', ') '],
    ['keyword', 'return'],
    ['plain', ' '],
    ['literal', 'null'],
    ['plain', ';'],
  ]);
  // A word that holds a keyword or digits is one plain word.
  assert.deepEqual(kinds('returned x1 iffy'), [['plain', 'returned x1 iffy']]);
  // Across lines: block comments and template strings; unclosed ones run on.
  assert.deepEqual(kinds('/* a\nb */`x\n${y}`'), [
    ['comment', '/* a\nb */'],
    ['string', '`x\n${y}`'],
  ]);
  assert.deepEqual(kinds('a /* open'), [
    ['plain', 'a '],
    ['comment', '/* open'],
  ]);
  // A quote left open ends with its line.
  assert.deepEqual(kinds("'open\nnext"), [
    ['string', "'open"],
    ['plain', '\nnext'],
  ]);
});

test('the tokens put together are the code, whatever it holds', () => {
  const samples = [EXAMPLE, '', '\n\n', "'\\", '/*', '`${`', '0x', '.5.5', 'ünïcode €', '@#%^'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = 'ab1 .\n\'"`/*\\{}$xe0';
  for (let n = 0; n < 300; n++) {
    let code = '';
    const length = Math.floor(random() * 40);
    for (let i = 0; i < length; i++) code += alphabet[Math.floor(random() * alphabet.length)];
    samples.push(code);
  }
  for (const code of samples) {
    assert.equal(
      tokens(code)
        .map((t) => t.text)
        .join(''),
      code,
      JSON.stringify(code),
    );
  }
});

test('highlighted HTML escapes everything the code holds', () => {
  const html = highlightHtml('// <img src=x onerror=alert(1)>\nconst s = "</span><b>";');
  assert.ok(!html.includes('<img') && !html.includes('<b>') && !html.includes('"</span>'), html);
  assert.equal(
    html,
    '<span class="tok-comment">// &lt;img src=x onerror=alert(1)&gt;</span>\n' +
      '<span class="tok-keyword">const</span> s = <span class="tok-string">&quot;&lt;/span&gt;&lt;b&gt;&quot;</span>;',
  );
  assert.equal(escapeHtml('a & b'), 'a &amp; b');
});

test('lines counted as the gutter numbers them; an error names its line', () => {
  assert.equal(lineCount(''), 1);
  assert.equal(lineCount('a\nb'), 2);
  assert.equal(lineCount('a\n'), 2);
  assert.equal(errorLine('Error: oops\n    at bot (your code, line 4:11)'), 4);
  assert.equal(errorLine('your code does not run: Unexpected token (your code, line 12)'), 12);
  assert.equal(errorLine("at self.onmessage (the playground's runner)"), null);
});

test('the vendored editor is the published file its README names, with its licence', () => {
  const served = readFileSync(new URL('../../web/vendor/codejar.js', import.meta.url), 'utf8');
  const readme = readFileSync(new URL('../../web/vendor/README.md', import.meta.url), 'utf8');
  const end = served.indexOf('*/\n');
  const header = served.slice(0, end);
  assert.match(header, /MIT License/);
  assert.match(header, /Copyright \(c\) 2020 Anton Medvedev/);
  const body = served.slice(end + 3);
  const sha = createHash('sha256').update(body).digest('hex');
  const row = readme.split('\n').find((line) => line.startsWith('| `codejar.js`'));
  assert.ok(row && row.includes(`\`${sha}\``), `README's sha256 for codejar.js is ${sha}`);
  assert.match(body, /^const globalWindow = window;\nexport function CodeJar\(/);
});

test("a syntax error's line is found without running the code", () => {
  const broken = '// a bot\nasync function bot(drone) {\n  this is not javascript\n}';
  try {
    new vm.Script(syntaxCheckSource(broken), { filename: 'check.js' });
    assert.fail('the broken code parsed');
  } catch (error) {
    assert.ok(error instanceof SyntaxError, String(error));
    const line = Number(/check\.js:(\d+)/.exec(error.stack)[1]);
    assert.equal(line - SYNTAX_CHECK_OFFSET, 3);
  }
  // Code that parses is only declared: nothing of it runs.
  let ran = false;
  const context = vm.createContext({ self: {}, mark: () => (ran = true) });
  vm.runInContext(syntaxCheckSource('mark();\nasync function bot() {}'), context);
  assert.equal(ran, false);
  assert.equal(typeof context.self.onmessage, 'function');
});
