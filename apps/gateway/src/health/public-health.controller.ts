import { Controller } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthController } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';

/**
 * The kit's `GET /health`, served at the site root for probes. Declared here so the route carries an
 * access rule like every other gateway route.
 */
@Public()
@ApiExcludeController()
@Controller()
export class PublicHealthController extends HealthController {}
