import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { AppgenError } from '@appgen/service-kit';
import { toErrorResponse } from './error-response';

describe('toErrorResponse', () => {
  it("answers the gateway's own errors with their status and body", () => {
    const result = toErrorResponse(AppgenError.of('forbidden', 'This credential lacks the apps:write permission'), 'POST /api/v1/managed_apps');
    expect(result).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'This credential lacks the apps:write permission' },
      unexpected: false,
    });
  });

  it('passes a validation failure through with its field errors', () => {
    const result = toErrorResponse(AppgenError.validation([{ field: 'name', message: 'must be a string' }]), 'POST /x');
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      error: 'validation_failed',
      message: 'name must be a string',
      errors: [{ field: 'name', message: 'must be a string' }],
    });
  });

  it("answers another service's failure with its status and body as is", () => {
    const conflict = AppgenError.of('conflict', 'ada@example.com already has an account');
    expect(toErrorResponse(conflict, 'POST /api/v1/accounts')).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'ada@example.com already has an account' },
      unexpected: false,
    });
    const extra = AppgenError.of('not_found', 'App x was not found', { app_id: 'x' });
    expect(toErrorResponse(extra, 'GET /x').body).toEqual({ error: 'not_found', message: 'App x was not found', app_id: 'x' });
  });

  it('maps an unreachable or slow service to 503 and 504, which are expected outages rather than bugs', () => {
    expect(toErrorResponse(AppgenError.of('service_unavailable', 'down'), 'GET /x')).toMatchObject({ status: 503, unexpected: false });
    expect(toErrorResponse(AppgenError.of('upstream_timeout', 'slow'), 'GET /x')).toMatchObject({ status: 504, unexpected: false });
  });

  it('answers an unknown route with not_found naming it', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/v1/nope'), 'GET /api/v1/nope')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'No route matches GET /api/v1/nope' },
      unexpected: false,
    });
  });

  it('answers framework rejections by status, without their internal wording', () => {
    expect(toErrorResponse(new HttpException('FST_ERR_CTP_INVALID_MEDIA_TYPE text/plain', 415), 'POST /x').body).toEqual({
      error: 'unsupported_media_type',
      message: 'Request bodies must be JSON (Content-Type: application/json)',
    });
    expect(toErrorResponse(new HttpException('Request body is too large', 413), 'POST /x').body.error).toBe('payload_too_large');
    expect(toErrorResponse(new BadRequestException('Bad content length'), 'POST /x').body).toEqual({
      error: 'bad_request',
      message: 'The request is malformed',
    });
  });

  it('hides anything unexpected behind a 500 and flags it for the log', () => {
    const result = toErrorResponse(new TypeError("Cannot read properties of undefined (reading 'id')"), 'GET /x');
    expect(result).toEqual({ status: 500, body: { error: 'internal_error', message: 'An unexpected error occurred' }, unexpected: true });
    expect(toErrorResponse('a thrown string', 'GET /x').status).toBe(500);
    expect(toErrorResponse(new HttpException('boom', 500), 'GET /x').body.message).toBe('An unexpected error occurred');
  });
});
