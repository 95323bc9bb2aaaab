/** The services of all modules, built once per server from its dependencies. */
import type { Deps } from '../platform/handler';
import { AuthService, WebAuthnService, ExternalLoginService } from './auth';
import { UsersService } from './users';
import { ManagementService } from './management';
import { TimeTracksService } from './time-tracks';
import { UserTimeTracksService } from './user-time-tracks';
import { InvoiceService, IssuedInvoicesService } from './invoice';
import { CustomersService } from './customers';
import { ProductsService } from './products';
import { InformationService } from './information';
import { ImagesService } from './images';
import { CustomerActivitiesService } from './customer-activities';
import { WorkConfirmationsService } from './work-confirmations';
import { SubscriptionService } from './subscription';
import { LocalisationService } from './localisation';
import { ExternalSystemService } from './external-system';
import { AiService } from './ai';
import { PaymentsService } from './payments';
import { ApiKeysService } from './api-keys';
import { WebhooksService } from './webhooks';

export function createServices(deps: Deps) {
  const subscription = new SubscriptionService(deps);
  const accounting = new ExternalSystemService(deps);
  const auth = new AuthService(deps, subscription);
  const invoice = new InvoiceService(deps, accounting);
  return {
    auth,
    subscription,
    webauthn: new WebAuthnService(deps, auth),
    external: new ExternalLoginService(deps, auth),
    users: new UsersService(deps, auth, subscription),
    management: new ManagementService(deps),
    timeTracks: new TimeTracksService(deps),
    userTimeTracks: new UserTimeTracksService(deps),
    invoice,
    issuedInvoices: new IssuedInvoicesService(deps, invoice),
    customers: new CustomersService(deps, accounting),
    accounting,
    products: new ProductsService(deps),
    information: new InformationService(deps),
    images: new ImagesService(deps),
    customerActivities: new CustomerActivitiesService(deps),
    workConfirmations: new WorkConfirmationsService(deps),
    localisation: new LocalisationService(deps),
    ai: new AiService(deps),
    payments: new PaymentsService(deps),
    apiKeys: new ApiKeysService(deps, subscription),
    webhooks: new WebhooksService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
