import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiKeyResponse,
  Closed,
  CreateApiKeyBody,
  CreateApiKeyResponse,
  ListApiKeysResponse,
  PageQueryFields,
  RevokeApiKeyResponse,
  UsersSubjects,
  type Caller,
  type Static,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Authenticated } from '../access/access.decorators';
import { CredentialResolver } from '../access/credential-resolver.service';
import { CurrentCaller } from '../access/current-caller.decorator';
import { requireScopeGrants } from '../access/require-grant';
import { Fails, Operation, ValidBody, ValidQuery } from '../common/contract-input';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { paginated } from '../common/pagination';
import { TakesNoBody } from '../common/refuse-body';

const keyId = new IntegerIdPipe('API key');
const ListApiKeysQuery = Closed(PageQueryFields);
const READING_KEYS_REFUSED = 'The credential lacks the grants of a read_only key (an OAuth token consented for fewer scopes)';

@ApiTags('API keys')
@Controller('api_keys')
export class ApiKeysController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly credentials: CredentialResolver,
  ) {}

  @Get()
  @Authenticated()
  @Operation({ id: 'listApiKeys', summary: 'List API keys', description: "The account's keys, newest first, masked; revoked keys included.", returns: ListApiKeysResponse })
  @Fails(403, READING_KEYS_REFUSED)
  list(@CurrentCaller() caller: Caller, @ValidQuery(ListApiKeysQuery) query: Static<typeof ListApiKeysQuery>): Promise<ListApiKeysResponse> {
    requireScopeGrants(caller, 'read_only');
    return this.rpc.request(UsersSubjects.listApiKeys, { caller, ...paginated(query) });
  }

  @Post()
  @Authenticated()
  @Operation({
    id: 'createApiKey',
    summary: 'Create an API key',
    description: 'The raw key is in this response only. A credential cannot create a key wider than its own permissions (403).',
    status: 201,
    returns: CreateApiKeyResponse,
  })
  create(@CurrentCaller() caller: Caller, @ValidBody(CreateApiKeyBody) body: CreateApiKeyBody): Promise<CreateApiKeyResponse> {
    return this.rpc.request(UsersSubjects.createApiKey, { caller, ...body });
  }

  @Get(':id')
  @Authenticated()
  @Operation({ id: 'getApiKey', summary: 'Read an API key', returns: ApiKeyResponse })
  @Fails(403, READING_KEYS_REFUSED)
  get(@CurrentCaller() caller: Caller, @Param('id', keyId) id: number): Promise<ApiKeyResponse> {
    requireScopeGrants(caller, 'read_only');
    return this.rpc.request(UsersSubjects.getApiKey, { caller, id });
  }

  @Delete(':id')
  @TakesNoBody()
  @Authenticated()
  @Operation({ id: 'revokeApiKey', summary: 'Revoke an API key', description: 'The key stops working at once, on every gateway replica.', returns: RevokeApiKeyResponse })
  @Fails(403, 'The key has a wider scope than the calling key')
  async revoke(@CurrentCaller() caller: Caller, @Param('id', keyId) id: number): Promise<RevokeApiKeyResponse> {
    const revoked = await this.rpc.request(UsersSubjects.revokeApiKey, { caller, id });
    // users-service also broadcasts the revocation; evicting here as well closes the gap before it arrives.
    this.credentials.evictKeys([id]);
    return revoked;
  }
}
