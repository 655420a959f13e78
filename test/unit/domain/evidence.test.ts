import { describe, expect, it } from 'vitest';
import {
  evidenceDisplayName,
  evidenceMaxBytes,
  evidenceMessages,
  evidenceSizeAllowed,
  sniffType,
} from '../../../lambdas/core/domain/evidence';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffType', () => {
  it('reads each allowed type from its magic number', () => {
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('image/png');
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses a file whose bytes are none of them, however it is named', () => {
    expect(sniffType(bytes('<html><script>'))).toBeUndefined();
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined(); // a WAV is RIFF too
    expect(sniffType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined(); // a PNG signature cut short
    expect(sniffType(bytes('%PDF'))).toBeUndefined();
    expect(sniffType(new Uint8Array())).toBeUndefined();
  });
});

describe('evidence limits', () => {
  it('allows 1 byte to 10 MB in whole bytes only', () => {
    expect(evidenceSizeAllowed(1)).toBe(true);
    expect(evidenceSizeAllowed(evidenceMaxBytes)).toBe(true);
    expect(evidenceMaxBytes).toBe(10_485_760);
    expect(evidenceSizeAllowed(evidenceMaxBytes + 1)).toBe(false);
    expect(evidenceSizeAllowed(0)).toBe(false);
    expect(evidenceSizeAllowed(1.5)).toBe(false);
  });

  it('names the declared type in a refusal', () => {
    expect(evidenceMessages.refused('application/pdf')).toBe('This file is not a PDF.');
    expect(evidenceMessages.refused('image/png')).toBe('This file is not a PNG image.');
  });
});

describe('evidenceDisplayName', () => {
  it('keeps the last path segment, trimmed, without control characters, at most 100 characters', () => {
    expect(evidenceDisplayName('  C:\\fakepath\\waybill.pdf ')).toBe('waybill.pdf');
    expect(evidenceDisplayName('../../etc/passwd')).toBe('passwd');
    expect(evidenceDisplayName('pho\u0000to\n.png')).toBe('photo.png');
    expect(evidenceDisplayName(`${'a'.repeat(150)}.png`)).toHaveLength(100);
  });

  it('has no name for nothing but a path or spaces', () => {
    expect(evidenceDisplayName('   ')).toBeUndefined();
    expect(evidenceDisplayName('folder/')).toBeUndefined();
    expect(evidenceDisplayName('..')).toBeUndefined();
  });
});
