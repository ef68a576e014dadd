import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  AccountSubject,
  addRoleSchema,
  INVITATION_NOT_FOUND,
  inviteMemberSchema,
  listInvitationsReplySchema,
  listRolesReplySchema,
  listTeamReplySchema,
  okReplySchema,
  removeMemberQuerySchema,
  teamMemberSchema,
  userRoleSchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, ValidQuery, type IdParams, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const memberParams = idParams('Team member not found');
const roleParams = idParams('Role not found');
const invitationParams = idParams(INVITATION_NOT_FOUND);

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
  @ApiDoc({
    summary: 'Invite someone to the account by email (owner and admins)',
    reply: teamMemberSchema,
    errors: {
      409: 'The address is already invited or in the team',
      429: 'Too many invitation emails in the last hour, in all or to this address: the message and Retry-After say when to try again',
    },
  })
  invite(@Meta() meta: RequestMeta, @ValidBody(inviteMemberSchema) body: Valid<typeof inviteMemberSchema>) {
    return this.services.request(AccountSubject.InviteMember, body, meta);
  }

  @Delete('team/members/:id')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Withdraw an invitation or remove a member (owner and admins): their sessions end, and their My files move into "<Full Name>\'s files" in the My files of filesTo (someone else in the account; its owner when not given), with their shares',
    reply: okReplySchema,
    errors: { 400: 'filesTo is not someone else in the account' },
  })
  remove(
    @Meta() meta: RequestMeta,
    @ValidParams(memberParams) params: IdParams,
    @ValidQuery(removeMemberQuerySchema) query: Valid<typeof removeMemberQuerySchema>,
  ) {
    return this.services.request(AccountSubject.RemoveMember, { id: params.id, filesTo: query.filesTo }, meta);
  }

  @Post('team/leave')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "Leave your account (members; not its owner): your files stay with it (they move to its owner's My files) and you get an empty account of your own",
    reply: okReplySchema,
    errors: { 409: 'The owner cannot leave their account' },
  })
  leave(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.LeaveTeam, {}, meta);
  }

  @Get('invitations')
  @ApiDoc({ summary: 'The pending invitations to your own address, and whether you may join now', reply: listInvitationsReplySchema })
  invitations(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.ListInvitations, {}, meta);
  }

  @Post('invitations/:id/join')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Join the team that invited your confirmed address (leave an account with other people first)',
    reply: okReplySchema,
    errors: { 409: 'You are in an account with other people: the message names it and says what to do first' },
  })
  join(@Meta() meta: RequestMeta, @ValidParams(invitationParams) params: IdParams) {
    return this.services.request(AccountSubject.JoinInvitation, { id: params.id }, meta);
  }

  @Post('invitations/:id/decline')
  @HttpCode(200)
  @ApiDoc({ summary: 'Decline an invitation to your address: it is gone and the inviter is told', reply: okReplySchema })
  decline(@Meta() meta: RequestMeta, @ValidParams(invitationParams) params: IdParams) {
    return this.services.request(AccountSubject.DeclineInvitation, { id: params.id }, meta);
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
