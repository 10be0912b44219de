import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The app a route plugin is given (TypeBox types its requests): route functions take it. */
export type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];
