import http from 'node:http';

/**
 * The bytes of an answer's body as they travel, asking for gzip as a browser or the glasses do (fetch would decode
 * it and hide the size); with the content-encoding the server chose.
 */
export function wireBytes(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ bytes: number; encoding: string | undefined }> {
  const { method = 'GET', headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { 'accept-encoding': 'gzip', ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
