/** A WAV recording for the dictation tests: 16-bit mono PCM, a quiet 440 Hz tone (or silence). */
export function wav(seconds: number, options: { rate?: number; tone?: boolean; declaredSize?: boolean } = {}): Buffer {
  const rate = options.rate ?? 16000;
  const samples = Math.round(rate * seconds);
  const data = Buffer.alloc(samples * 2);
  if (options.tone !== false) for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  // A streamed recording may leave the size open.
  header.writeUInt32LE(options.declaredSize === false ? 0xffffffff : data.length, 40);
  return Buffer.concat([header, data]);
}
