import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  GrantAccessBody,
  GrantAccessResponse,
  ListAppUsersQuery,
  ListAppUsersResponse,
  RevokeAppUserResponse,
  UsersSubjects,
  type Caller,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation, ValidBody, ValidQuery } from '../common/contract-input';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { paginated } from '../common/pagination';
import { TakesNoBody } from '../common/refuse-body';

const appUserId = new IntegerIdPipe('App user');

/** The users of the account's generated apps and their access tiers (contract 4.3); users-service owns them. */
@ApiTags('App users')
@Controller('managed_users')
export class AppUsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequirePermission('users:read')
  @Operation({
    id: 'listAppUsers',
    summary: 'List app users',
    description: "The users of the account's apps, newest first, revoked ones included; filter by app, by tier and by part of the e-mail.",
    returns: ListAppUsersResponse,
  })
  list(@CurrentCaller() caller: Caller, @ValidQuery(ListAppUsersQuery) { app_id, tier, email, ...page }: ListAppUsersQuery): Promise<ListAppUsersResponse> {
    return this.rpc.request(UsersSubjects.listAppUsers, { caller, app_id, tier, email, ...paginated(page) });
  }

  @Post('grant_access')
  @RequirePermission('users:write')
  @Operation({
    id: 'grantAppAccess',
    summary: 'Grant a user access to an app',
    description:
      'Creates the app user, or changes the tier and expiry of an existing one (and lifts a revocation). ' +
      'The app serves the new tier at once; after `expires_at` it serves `free`.',
    status: 201,
    returns: GrantAccessResponse,
  })
  grant(@CurrentCaller() caller: Caller, @ValidBody(GrantAccessBody) body: GrantAccessBody): Promise<GrantAccessResponse> {
    return this.rpc.request(UsersSubjects.grantAppUserAccess, { caller, ...body });
  }

  @Post(':id/revoke')
  @TakesNoBody()
  @RequirePermission('users:write')
  @Operation({
    id: 'revokeAppUser',
    summary: "Revoke an app user's access",
    description: 'Signs the user out of the app at once; they cannot sign in again until granted access. Repeating it changes nothing.',
    returns: RevokeAppUserResponse,
  })
  revoke(@CurrentCaller() caller: Caller, @Param('id', appUserId) id: number): Promise<RevokeAppUserResponse> {
    return this.rpc.request(UsersSubjects.revokeAppUser, { caller, id });
  }
}
