import type { FastifyRequest } from 'fastify';
import { describeUserAgent } from '../user-agent.ts';

/**
 * What made a request, as the account's activity names it: the paired glasses by their name when their bearer token
 * identified the caller, otherwise the browser and its system ('Chrome on Windows 10').
 */
export function actingDevice(request: FastifyRequest): string {
  return request.device ? request.device.name : describeUserAgent(request.headers['user-agent']);
}
