import type { FastifyInstance } from 'fastify';

/** First start of an empty install: whatever each module seeds (the sample manual, issue 4). */
export async function seedEmptyInstall(_app: FastifyInstance): Promise<void> {}
