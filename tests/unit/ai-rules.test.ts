/** The AI module's plain rules: audio formats by content, WAV length, matching names, EANs, no e-mail addresses. */
import { describe, expect, it } from 'vitest';
import { wav } from '../support/wav';
import { bestMatch, eanIn, similarity, sniffAudio, wavSeconds, withoutEmails, wordsOf } from '../../server/modules/ai/ai.rules';

describe('recordings', () => {
  it('knows the formats by their first bytes, not by name', () => {
    expect(sniffAudio(wav(0.5))?.mimeType).toBe('audio/wav');
    expect(sniffAudio(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]))?.mimeType).toBe('audio/webm');
    expect(sniffAudio(Buffer.from('OggS\u0000\u0002\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'))?.mimeType).toBe('audio/ogg');
    expect(sniffAudio(Buffer.from('\u0000\u0000\u0000\u0018ftypM4A \u0000\u0000', 'latin1'))?.mimeType).toBe('audio/mp4');
    expect(sniffAudio(Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'))?.mimeType).toBe('audio/mpeg');
    expect(sniffAudio(Buffer.from('%PDF-1.7 not audio at all'))).toBeNull();
    expect(sniffAudio(Buffer.from('short'))).toBeNull();
  });

  it('reads a WAV recording\'s length from its header, also when a stream left the size open', () => {
    expect(wavSeconds(wav(3))).toBeCloseTo(3, 5);
    expect(wavSeconds(wav(2, { tone: false, declaredSize: false }))).toBeCloseTo(2, 5);
    expect(wavSeconds(Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1'), Buffer.alloc(8)]))).toBeNull();
  });
});

describe('matching dictated materials', () => {
  const products = [{ name: 'Fliese 30x60 anthrazit' }, { name: 'Fliesenkleber flexibel 25 kg' }, { name: 'Kabel NYM-J 3x1,5 mm²' }];

  it('splits dimensions into words', () => {
    expect(wordsOf('Fliese 30x60')).toEqual(['fliese', '30', '60']);
    expect(wordsOf('Kabel NYM-J 3 × 1,5')).toEqual(['kabel', 'nym', '3', '1', '5']);
  });

  it('prefers the exact name, then the closest name above the threshold, else none', () => {
    expect(bestMatch('fliese 30x60 ANTHRAZIT', products)).toEqual({ product: products[0], match: 'name' });
    expect(bestMatch('Fliesen 30 x 60', products)).toEqual({ product: products[0], match: 'similar' });
    expect(bestMatch('Fliesenkleber', products)).toEqual({ product: products[1], match: 'similar' });
    expect(bestMatch('Silikon transparent', products)).toBeNull();
    expect(similarity('Kabel', 'Kabel NYM-J 3x1,5 mm²')).toBeGreaterThan(similarity('Kabel', 'Fliesenkleber flexibel 25 kg'));
  });

  it('finds a dictated EAN of 13 or 8 digits, spoken with spaces', () => {
    expect(eanIn('Mörtel 4012345678901')).toBe('4012345678901');
    expect(eanIn('Artikel 4006 3813 3393 1')).toBe('4006381333931');
    expect(eanIn('Dübel 96385074')).toBe('96385074');
    expect(eanIn('12 Fliesen 30 x 60')).toBeNull();
  });
});

describe('what goes to a provider', () => {
  it('never an e-mail address', () => {
    expect(withoutEmails('Rückfragen an chef@baeckerei.example oder Max.Muster+bau@firma.de.')).toBe('Rückfragen an [E-Mail] oder [E-Mail]');
  });
});
