import type { PipeTransform } from '@nestjs/common';
import { AppgenError } from '@appgen/service-kit';

const MAX_ID = 2_147_483_647;

/**
 * A numeric resource id from the path. Anything that is not a positive integer names no resource,
 * so it is a 404 like any other id that does not exist, not a validation error.
 */
export class IntegerIdPipe implements PipeTransform<string, number> {
  constructor(private readonly resource: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) throw AppgenError.of('not_found', `${this.resource} ${value} was not found`);
    return id;
  }
}
