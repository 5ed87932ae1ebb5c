import type { PipeTransform } from '@nestjs/common';
import { MAX_INTEGER_ID } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/**
 * A numeric resource id from the path. Anything that is not a positive integer names no resource,
 * so it is a 404 like any other id that does not exist, not a validation error.
 */
export class IntegerIdPipe implements PipeTransform<string, number> {
  constructor(private readonly resource: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_INTEGER_ID)) throw AppgenError.of('not_found', `${this.resource} ${value} was not found`);
    return id;
  }
}
