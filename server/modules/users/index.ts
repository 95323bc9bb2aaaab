/** The Users module's public face: the firm's members (invite, roles, own profile). */
export { usersHandlers } from './users.handlers';
export { UsersService } from './users.service';
