import { describe, expect, it } from 'vitest';
import { safeFileName, uniqueFileNames } from './export-file-names.ts';

describe('names of the pictures in the data download', () => {
  it('names a picture after the person, numbering a name that comes again', () => {
    const next = uniqueFileNames('faces');
    expect(next('Barack Obama', 'jpg')).toBe('faces/Barack Obama.jpg');
    expect(next('Ana/Maria', 'png')).toBe('faces/Ana_Maria.png');
    expect(next('Ana:Maria', 'png')).toBe('faces/Ana_Maria (2).png');
    expect(next('ana_maria', 'png')).toBe('faces/ana_maria (3).png');
  });

  it('makes every name safe to unzip anywhere', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('  ...  ')).toBe('Face');
    expect(safeFileName('CON')).toBe('CON_');
    expect(safeFileName('Zoë\u0000 "Z"\tQuinn')).toBe('Zoë_ _Z__Quinn');
    expect(safeFileName('x'.repeat(300))).toHaveLength(100);
  });
});
