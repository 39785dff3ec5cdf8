// @vitest-environment jsdom
// The SVG sanitiser needs a DOMParser and an XMLSerializer: this file runs in jsdom.
import { describe, expect, it } from 'vitest';
import { sanitiseSvg } from './widget-rules.ts';

const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

describe('sanitiseSvg', () => {
  it('keeps a harmless drawing as it is', () => {
    const drawing = svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><a href="https://example.org"><text x="1" y="5">Hi</text></a><style>rect { fill: red; }</style>');
    const clean = sanitiseSvg(drawing);
    expect(clean).toContain('<rect width="10" height="10" fill="url(#g)"/>');
    expect(clean).toContain('<a href="https://example.org"><text x="1" y="5">Hi</text></a>');
    expect(clean).toContain('<style>rect { fill: red; }</style>');
    expect(clean).toContain('viewBox="0 0 10 10"');
  });

  it.each([
    ['a script', svg('<script>alert(1)</script><circle r="1"/>'), ['<script', 'alert(1)']],
    ['a script in another case and with CDATA', svg('<SCRIPT><![CDATA[alert(1)]]></SCRIPT><circle r="1"/>'), ['SCRIPT', 'alert(1)']],
    ['a script nested in a group', svg('<g><g><script type="text/javascript">alert(1)</script></g></g>'), ['script', 'alert(1)']],
    ['a foreignObject with HTML inside', svg('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>'), ['foreignObject', 'onerror', '<img']],
    ['an HTML element outside foreignObject', svg('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/>'), ['iframe', 'evil.example']],
    ['an on* attribute', svg('<rect width="1" height="1" onclick="alert(1)" ONMOUSEOVER="alert(2)"/>'), ['onclick', 'ONMOUSEOVER', 'alert']],
    ['an on* attribute of the root', svg('<rect/>', ' onload="alert(1)"'), ['onload', 'alert']],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>'), ['javascript:']],
    ['an xlink:href with a hidden javascript: link', svg('<a xlink:href=" java&#x09;script:alert(1)"><text>x</text></a>'), ['script:']],
    ['a data:text/html link', svg('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><text>x</text></a>'), ['data:text/html']],
    ['an animation writing a javascript: link', svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'), ['animate', 'javascript:']],
    ['an animation writing a handler', svg('<rect><set attributeName="onmouseover" to="alert(1)"/></rect>'), ['<set', 'alert(1)']],
    ['a style sheet with a javascript: address', svg('<style>rect { background: url("javascript:alert(1)") }</style><rect/>'), ['javascript:', '<style']],
    ['a style sheet importing another', svg('<style>@import url(https://evil.example/x.css);</style><rect/>'), ['@import', 'evil.example']],
    ['a processing instruction inside', svg('<?xml-stylesheet href="https://evil.example/x.css"?><rect/>'), ['xml-stylesheet', 'evil.example']],
  ])('removes %s', (_, input, gone) => {
    const clean = sanitiseSvg(input);
    expect(clean).not.toBeNull();
    expect(clean).toMatch(/^<svg[^>]*>/);
    for (const text of gone) expect(clean).not.toContain(text);
  });

  it('drops the doctype with its entities and what stands before the drawing', () => {
    const clean = sanitiseSvg(`<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?><!DOCTYPE svg [<!ENTITY e "entity">]>${svg('<text>&e;</text>')}`);
    expect(clean).toMatch(/^<svg/);
    expect(clean).not.toContain('DOCTYPE');
    expect(clean).not.toContain('evil.example');
  });

  it.each([
    ['text that is not XML', 'not a picture'],
    ['broken XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
    ['an HTML document', '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>'],
    ['an svg element outside the SVG namespace', '<svg><rect/></svg>'],
  ])('refuses %s', (_, input) => expect(sanitiseSvg(input)).toBeNull());
});
