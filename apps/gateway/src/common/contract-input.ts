import { applyDecorators, Body, createParamDecorator, HttpCode, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { validate, type TSchema } from '@appgen/contracts';
import { AppgenError, findUnstorable } from '@appgen/service-kit';
import { refuseNullFields } from './api-validation.pipe';

/*
 * How a route takes its input and declares its answer from the contracts' schemas: the schema that validates a
 * body or query is the one OpenAPI publishes for it, and the one the owning service checks the message against.
 */

type ObjectSchemaNode = TSchema & { properties?: Record<string, TSchema>; required?: string[] };

/** Validates a body or query string against a schema; a missing field with its own code answers with it (400 missing_prompt). */
export class ContractPipe implements PipeTransform {
  constructor(
    private readonly schema: TSchema,
    private readonly source: 'body' | 'query',
  ) {}

  transform(value: unknown): unknown {
    // A request without a body (or without a query string) is an empty object to its schema.
    const input = value === undefined ? {} : value;
    // Bodies were walked for unstorable text by the global pipe; a query string is walked here.
    const unstorable = this.source === 'query' ? findUnstorable(input) : null;
    if (unstorable) throw AppgenError.validation([unstorable]);
    const result = validate(this.schema, input, { query: this.source === 'query' });
    // A required field with its own code is missing when null too (`{"prompt": null}` is no prompt: 400).
    if (!result.ok && result.missing) throw AppgenError.of(result.missing.code, result.missing.message);
    if (this.source === 'body') refuseNullFields(input);
    if (result.ok) return result.value;
    throw AppgenError.validation(result.errors);
  }
}

/** Applies a method decorator from inside a parameter decorator (which runs first), for the route's OpenAPI entry. */
function decorateMethod(target: object, key: string | symbol | undefined, decorator: MethodDecorator): void {
  if (key === undefined) throw new Error('contract decorators belong on a route handler parameter');
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (!descriptor) throw new Error(`no route handler ${String(key)}`);
  decorator(target, key, descriptor);
}

/** The request body: validated against `schema` (422 naming each wrong field) and published as the route's body. */
export function ValidBody(schema: TSchema): ParameterDecorator {
  return (target, key, index) => {
    Body(new ContractPipe(schema, 'body'))(target, key, index);
    decorateMethod(target, key, ApiBody({ schema: schema as object, required: true }));
  };
}

/**
 * The whole query string, as a custom parameter rather than Nest's @Query(): the OpenAPI explorer would try to
 * read a class's properties from the parameter's type, which here is a schema; ValidQuery publishes them itself.
 */
const QueryString = createParamDecorator((_data: unknown, context: ExecutionContext) => ({ ...context.switchToHttp().getRequest<{ query?: object }>().query }));

/** The query string: validated against `schema` (numbers and booleans arrive as text) and published parameter by parameter. */
export function ValidQuery(schema: TSchema): ParameterDecorator {
  return (target, key, index) => {
    QueryString(new ContractPipe(schema, 'query'))(target, key, index);
    const node = schema as ObjectSchemaNode;
    const required = new Set(node.required ?? []);
    const decorators = Object.entries(node.properties ?? {}).map(([name, property]) => {
      const { description, ...propertySchema } = property as TSchema & { description?: string };
      return ApiQuery({ name, required: required.has(name), schema: propertySchema as object, ...(description ? { description } : {}) });
    });
    decorateMethod(target, key, applyDecorators(...decorators));
  };
}

export interface OperationOptions {
  /** a verb phrase in camelCase, e.g. `listManagedApps`: what a generated client names the method */
  id: string;
  summary: string;
  description?: string;
  /** the success status and the schema of its body */
  status?: 200 | 201 | 202;
  returns: TSchema;
  /** what the success means, when more than the summary says */
  returnsDescription?: string;
}

/**
 * A route's OpenAPI operation: its id, words, and success answer (the reply schema of the subject it calls, or
 * the gateway's own). The error answers every operation shares are added to the document in one place
 * (openapi-document.ts).
 */
export function Operation({ id, summary, description, status = 200, returns, returnsDescription }: OperationOptions): MethodDecorator {
  return applyDecorators(
    ApiOperation({ operationId: id, summary, ...(description ? { description } : {}) }),
    ApiResponse({ status, description: returnsDescription ?? summary, schema: returns as object }),
    HttpCode(status),
  );
}

/**
 * An error answer particular to this operation (400 missing_prompt, 402, 409, ...); its body is the one error
 * body unless `schema` names another (the deploy refusal's).
 */
export function Fails(status: number, description: string, schema?: TSchema): MethodDecorator {
  return ApiResponse({ status, description, ...(schema ? { schema: schema as object } : {}) });
}
