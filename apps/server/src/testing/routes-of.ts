import type { FastifyInstance } from 'fastify';

export interface ServedRoute {
  method: string;
  /** As registered, parameters included (`/face-api/image/:faceId`). */
  path: string;
}

/**
 * Every method and path the app serves (HEAD aside), read from Fastify's own route tree: a route added anywhere is
 * found without a list to keep. Nested entries (a prefix's `/` and what hangs below it) are joined to their parents.
 */
export function routesOf(app: FastifyInstance): ServedRoute[] {
  const routes: ServedRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const parent = parents[depth - 1] ?? '';
    const path = depth === 0 ? match[2]! : `${parent.replace(/\/$/, '')}/${match[2]!.replace(/^\//, '')}`;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}
