import { faceMessages } from '@seva/shared';
import { describe, expect, it } from 'vitest';
import { checkUpload } from './upload-picker.tsx';

const bytes = new Uint8Array([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]);

describe('checkUpload', () => {
  it('sends a WebP or HEIC photo on to the portal, which reads it by its content', async () => {
    for (const file of [new File([bytes], 'IMG_0420.HEIC', { type: '' }), new File([bytes], 'IMG_0420.heic', { type: 'image/heic' }), new File([bytes], 'a.webp', { type: 'image/webp' })]) {
      const result = await checkUpload(file);
      expect(result, file.name).toEqual({ dataUrl: expect.stringMatching(/^data:image\/(heic|webp);base64,/) });
    }
  });

  it('refuses a file that is not an image', async () => {
    expect(await checkUpload(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).toEqual({ error: faceMessages.notAnImage });
    expect(await checkUpload(new File(['hello'], 'notes', { type: '' }))).toEqual({ error: faceMessages.notAnImage });
  });
});
