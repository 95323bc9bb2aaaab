/**
 * The contract's validators (Ajv) and response serializers (fast-json-stringify), compiled when an
 * operation is first called instead of when the server starts.
 *
 * Fastify compiles both for every route at start: for the contract's operations that was the
 * largest part of the server's heap after start and a good part of its start time
 * (docs/benchmarks.md, server start), while a given server calls some operations rarely or never.
 * Each one behaves exactly as its eagerly compiled self: same Ajv instance, same options, same
 * serializer (which also drops every field the contract does not declare).
 *
 * A schema that cannot be compiled now fails at its first call instead of at start;
 * `compileAll` compiles everything at once and is run by the API tests (foundation.test.ts).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

type Serialize = (data: unknown) => string;

export interface LazySchemaCompilers {
  validatorCompiler: FastifySchemaCompiler<unknown>;
  serializerCompiler: FastifySerializerCompiler<unknown>;
  /** Compiles every validator and serializer not compiled yet; returns how many there are. */
  compileAll(): number;
}

/**
 * Bodies are validated by `bodyAjv`, query strings, path parameters and headers by `queryAjv`
 * (which coerces types).
 */
export function lazySchemaCompilers(bodyAjv: Ajv2020, queryAjv: Ajv2020): LazySchemaCompilers {
  const compilations: Array<() => unknown> = [];
  const buildSerializer = SerializerSelector()({}, {});

  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    let validate: ValidateFunction | undefined;
    const compile = () => (validate ??= (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema as object));
    compilations.push(compile);
    // Fastify reads `errors` from the function it was given after a call that returned false.
    const check = (data: unknown) => {
      const compiled = compile();
      const valid = compiled(data);
      check.errors = compiled.errors;
      return valid;
    };
    check.errors = null as ValidateFunction['errors'];
    return check;
  };

  const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
    let serialize: Serialize | undefined;
    const compile = () => (serialize ??= buildSerializer(route as Parameters<typeof buildSerializer>[0]) as Serialize);
    compilations.push(compile);
    return (data: unknown) => compile()(data);
  };

  return {
    validatorCompiler,
    serializerCompiler,
    compileAll() {
      for (const compile of compilations) compile();
      return compilations.length;
    },
  };
}
