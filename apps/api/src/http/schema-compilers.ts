import { AjvCompiler } from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

const compileSerializer = SerializerSelector();
const serializers = new Map<string, SerializerSelector.Serializer>();

/**
 * Response serializers made once per process for each distinct schema. Compiling them is most of what starting a
 * server costs (about a second and a half for Voltin's routes), and one process runs two servers whose routes share
 * most of their shapes (the public API and the Operations console; the test suite starts one pair per file).
 * A route's response schema is rebuilt at each registration (its envelope wraps it), so it is known by its text.
 */
const buildSerializer: SerializerSelector.SerializerFactory = (externalSchemas, options) => {
  const compile = compileSerializer(externalSchemas, options);
  const context = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const key = `${context}${JSON.stringify(route.schema)}`;
    let serializer = serializers.get(key);
    if (!serializer) {
      serializer = compile(route);
      serializers.set(key, serializer);
    }
    return serializer;
  };
};

/**
 * One Ajv per set of options for the whole process: it keeps each request schema it compiled (by identity; request
 * schemas are module constants), so the second server and every later one reuse the validators.
 */
const buildValidator = AjvCompiler();

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildSerializer, buildValidator },
};
