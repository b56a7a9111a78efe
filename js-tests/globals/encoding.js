// TextEncoder and TextDecoder (Encoding §8); cases in the spirit of the upstream
// encoding/api-basics.any.js, textdecoder-fatal.any.js, textdecoder-streaming.any.js,
// textdecoder-labels.any.js and encodeInto.any.js, written from the standard's steps.
const hex = (a) => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join(' ');
const enc = new TextEncoder();
console.log(enc.encoding, String(enc), TextEncoder.length, TextDecoder.length);
const bytes = enc.encode('aé€😀');
console.log(bytes instanceof Uint8Array, bytes.length, hex(bytes));
console.log(enc.encode().length, enc.encode(undefined).length, hex(enc.encode(null)));
// USVString: a lone surrogate is encoded as U+FFFD.
console.log(hex(enc.encode('\ud800x\udc00')));
// encodeInto: only whole scalar values; read counts UTF-16 code units.
const dest = new Uint8Array(6);
console.log(JSON.stringify(enc.encodeInto('a😀é', dest)), hex(dest));
console.log(JSON.stringify(enc.encodeInto('😀', new Uint8Array(3))), JSON.stringify(enc.encodeInto('', new Uint8Array(0))));
const big = new Uint8Array(8);
enc.encodeInto('xy', big.subarray(3));
console.log(hex(big));
const shared = new Uint8Array(new SharedArrayBuffer(4));
console.log(JSON.stringify(enc.encodeInto('€', shared)), hex(shared));
try { enc.encodeInto('x', new Uint16Array(2)); } catch (e) { console.log(e.name, e.message); }
try { enc.encodeInto('x'); } catch (e) { console.log(e.name, e.message); }

// TextDecoder: the default is UTF-8 in replacement mode.
const dec = new TextDecoder();
console.log(dec.encoding, dec.fatal, dec.ignoreBOM, dec.decode(), JSON.stringify(dec.decode(undefined)));
console.log(dec.decode(bytes), dec.decode(bytes.buffer), dec.decode(new DataView(bytes.buffer, 1, 2)));
console.log(dec.decode(new Uint16Array([0x6968])), dec.decode(new Uint8Array(new SharedArrayBuffer(2)).fill(0x41)));
// Invalid sequences become U+FFFD, one per maximal subpart.
const show = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ');
for (const seq of [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82, 0x61], [0xf0, 0x9f, 0x98], [0xff], [0xf4, 0x90, 0x80, 0x80]]) {
  console.log(hex(seq), '->', show(dec.decode(new Uint8Array(seq))));
}
// A BOM is removed once, unless ignoreBOM; a second one stays.
const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xef, 0xbb, 0xbf]);
console.log(show(new TextDecoder().decode(bom)), '|', show(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bom)));
// fatal: an invalid sequence, or one cut off at the end, is a TypeError; the decoder then
// starts afresh.
const fatal = new TextDecoder('utf-8', { fatal: true });
console.log(fatal.fatal);
for (const seq of [[0x61, 0xff], [0xe2, 0x82]]) {
  try { fatal.decode(new Uint8Array(seq)); } catch (e) { console.log('fatal', hex(seq), e.name, e.message); }
}
console.log(fatal.decode(new Uint8Array([0x62])));
// stream: a sequence split across calls comes out whole; the final call flushes.
const streaming = new TextDecoder();
const euro = [0xe2, 0x82, 0xac];
let out = '';
for (const b of euro) out += streaming.decode(new Uint8Array([b]), { stream: true });
console.log(JSON.stringify(out), JSON.stringify(streaming.decode()));
console.log(JSON.stringify(streaming.decode(new Uint8Array([0xe2, 0x82]), { stream: true })), show(streaming.decode()));
// The BOM is only looked for at the start of a stream.
const sb = new TextDecoder();
console.log(show(sb.decode(new Uint8Array([0xef, 0xbb]), { stream: true }) + sb.decode(new Uint8Array([0xbf, 0xef, 0xbb, 0xbf]))));
// UTF-16: labels, surrogate pairs, an unpaired surrogate, an odd byte at the end.
const le = new TextDecoder('utf-16');
console.log(le.encoding, new TextDecoder(' UTF-16BE\n').encoding, new TextDecoder('Unicode-1-1-UTF-8').encoding);
console.log(le.decode(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3d, 0xd8, 0x00, 0xde])));
console.log(new TextDecoder('utf-16be').decode(new Uint8Array([0x00, 0x61, 0xd8, 0x3d, 0xde, 0x00])));
console.log(show(le.decode(new Uint8Array([0x00, 0xd8, 0x62, 0x00]))), show(le.decode(new Uint8Array([0x61, 0x00, 0x62]))));
// Labels that are not supported: RangeError.
for (const label of ['utf-32', 'replacement', 'latin1', '']) {
  try { new TextDecoder(label); } catch (e) { console.log(JSON.stringify(label), e.name, e.message); }
}
try { dec.decode('text'); } catch (e) { console.log(e.name, e.message); }
try { TextDecoder(); } catch (e) { console.log(e.name); }
try { TextDecoder.prototype.decode.call(enc); } catch (e) { console.log(e.message); }
