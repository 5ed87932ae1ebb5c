import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  UsersSubjects,
  type ApiKeyResponse,
  type Caller,
  type CreateApiKeyResponse,
  type ListApiKeysResponse,
  type RevokeApiKeyResponse,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Authenticated } from '../access/access.decorators';
import { CredentialResolver } from '../access/credential-resolver.service';
import { CurrentCaller } from '../access/current-caller.decorator';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { PageQueryDto, paginated } from '../common/pagination';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { CreateApiKeyDto } from './dto/api-key-requests.dto';
import { ApiKeyListResponseDto, ApiKeyResponseDto, CreateApiKeyResponseDto, RevokeApiKeyResponseDto } from './dto/api-key-responses.dto';

const keyId = new IntegerIdPipe('API key');

@ApiTags('API keys')
@Controller('api_keys')
export class ApiKeysController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly credentials: CredentialResolver,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'List API keys', description: "The account's keys, newest first, masked; revoked keys included." })
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  list(@CurrentCaller() caller: Caller, @Query() query: PageQueryDto): Promise<ListApiKeysResponse> {
    return this.rpc.request(UsersSubjects.listApiKeys, { caller, ...paginated(query) });
  }

  @Post()
  @Authenticated()
  @ApiOperation({ summary: 'Create an API key', description: 'The raw key is in this response only. A key cannot create a key of wider scope (403).' })
  @ApiCreatedResponse({ type: CreateApiKeyResponseDto })
  @ApiResponse({ status: 403, description: 'Scope wider than the calling key', type: ErrorBodyDto })
  @ApiResponse({ status: 422, description: 'Invalid body', type: ErrorBodyDto })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateApiKeyDto): Promise<CreateApiKeyResponse> {
    return this.rpc.request(UsersSubjects.createApiKey, { caller, ...body });
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({ summary: 'Read an API key' })
  @ApiOkResponse({ type: ApiKeyResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  get(@CurrentCaller() caller: Caller, @Param('id', keyId) id: number): Promise<ApiKeyResponse> {
    return this.rpc.request(UsersSubjects.getApiKey, { caller, id });
  }

  @Delete(':id')
  @Authenticated()
  @ApiOperation({ summary: 'Revoke an API key', description: 'The key stops working at once, on every gateway replica.' })
  @ApiOkResponse({ type: RevokeApiKeyResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @ApiResponse({ status: 403, description: 'The key has a wider scope than the calling key', type: ErrorBodyDto })
  async revoke(@CurrentCaller() caller: Caller, @Param('id', keyId) id: number): Promise<RevokeApiKeyResponse> {
    const revoked = await this.rpc.request(UsersSubjects.revokeApiKey, { caller, id });
    // users-service also broadcasts the revocation; evicting here as well closes the gap before it arrives.
    this.credentials.evictKeys([id]);
    return revoked;
  }
}
