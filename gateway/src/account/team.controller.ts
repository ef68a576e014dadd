import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  AccountSubject,
  addRoleSchema,
  inviteMemberSchema,
  listRolesReplySchema,
  listTeamReplySchema,
  okReplySchema,
  teamMemberSchema,
  userRoleSchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, type IdParams, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const memberParams = idParams('Team member not found');
const roleParams = idParams('Role not found');

/** The account's team and the roles given on User Permissions: forwarded to the auth service, which checks the caller's role and plan. */
@Controller()
export class TeamController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get('team')
  @ApiDoc({ summary: "The account's team members and pending invitations, newest first", reply: listTeamReplySchema })
  list(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.ListTeam, {}, meta);
  }

  @Post('team/invitations')
  @ApiDoc({ summary: 'Invite someone to the account by email (owner and admins)', reply: teamMemberSchema })
  invite(@Meta() meta: RequestMeta, @ValidBody(inviteMemberSchema) body: Valid<typeof inviteMemberSchema>) {
    return this.services.request(AccountSubject.InviteMember, body, meta);
  }

  @Delete('team/members/:id')
  @HttpCode(200)
  @ApiDoc({ summary: 'Withdraw an invitation or remove a member (owner and admins)', reply: okReplySchema })
  remove(@Meta() meta: RequestMeta, @ValidParams(memberParams) params: IdParams) {
    return this.services.request(AccountSubject.RemoveMember, { id: params.id }, meta);
  }

  @Get('roles')
  @ApiDoc({ summary: 'The roles given to members (owner and admins, plans with user permissions)', reply: listRolesReplySchema })
  roles(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.ListRoles, {}, meta);
  }

  @Post('roles')
  @ApiDoc({ summary: 'Give a member of the account a role', reply: userRoleSchema })
  addRole(@Meta() meta: RequestMeta, @ValidBody(addRoleSchema) body: Valid<typeof addRoleSchema>) {
    return this.services.request(AccountSubject.AddRole, body, meta);
  }

  @Delete('roles/:id')
  @HttpCode(200)
  @ApiDoc({ summary: 'Take a given role back', reply: okReplySchema })
  removeRole(@Meta() meta: RequestMeta, @ValidParams(roleParams) params: IdParams) {
    return this.services.request(AccountSubject.RemoveRole, { id: params.id }, meta);
  }
}
