import type { FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Whether the TCP peer is this machine (the socket's address: a forwarded-for header cannot make it so). */
function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * onRequest hook of the developer routes: a client that is not on this machine gets the answer of a route that
 * does not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!fromLoopback(request)) return reply.callNotFound();
}
