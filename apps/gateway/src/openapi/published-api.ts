import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The OpenAPI document as /openapi.json serves it, for what is made from it (the text references of
 * discovery/). configureGateway builds it once the routes are known and publishes it here before serving.
 */
@Injectable()
export class PublishedApi {
  private published: OpenAPIObject | undefined;

  publish(document: OpenAPIObject): void {
    this.published = document;
  }

  get document(): OpenAPIObject {
    if (!this.published) throw new Error('the OpenAPI document is read before configureGateway published it');
    return this.published;
  }
}
