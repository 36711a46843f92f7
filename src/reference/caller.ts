/**
 * Who is calling, as the reference's auth guard resolved it from the bearer key. Route modules read
 * `request.caller` and never look at the Authorization header themselves.
 */
interface Caller {
  accountId: string;
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}
