import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

type Serialize = (data: unknown) => string;

const buildFactory = SerializerSelector();

/**
 * Fastify's own response serializers (fast-json-stringify), compiled the first time a route answers with
 * that status instead of all at start-up: compiling a few hundred response schemas was about a third of
 * the server's cold start, and most routes of a fresh process are not called for minutes. The output is
 * byte for byte what the default compiler produces (same library, same options); the app registers no
 * shared schemas with addSchema, so there are no external schemas to pass.
 */
export function lazySerializerCompiler(): FastifySerializerCompiler<unknown> {
  const compile = buildFactory({}, {});
  return (route) => {
    let serialize: Serialize | undefined;
    return (data: unknown) => (serialize ??= compile(route as Parameters<typeof compile>[0]) as Serialize)(data);
  };
}
