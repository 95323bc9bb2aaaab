/** The services of all modules, built once per server from its dependencies. */
import type { Deps } from '../platform/handler';
import { AuthService } from './auth/auth.service';
import { WebAuthnService } from './auth/webauthn.service';
import { ExternalLoginService } from './auth/external-login.service';
import { UsersService } from './users/users.service';
import { ManagementService } from './management/management.service';
import { TimeTracksService } from './time-tracks/time-tracks.service';
import { UserTimeTracksService } from './user-time-tracks/user-time-tracks.service';
import { InvoiceService } from './invoice/invoice.service';
import { IssuedInvoicesService } from './invoice/issued-invoices.service';
import { CustomersService } from './customers/customers.service';
import { ProductsService } from './products/products.service';
import { InformationService } from './information/information.service';
import { ImagesService } from './images/images.service';
import { CustomerActivitiesService } from './customer-activities/customer-activities.service';
import { WorkConfirmationsService } from './work-confirmations/work-confirmations.service';
import { SubscriptionService } from './subscription/subscription.service';
import { LocalisationService } from './localisation/localisation.service';
import { ExternalSystemService } from './external-system/external-system.service';
import { AiService } from './ai/ai.service';
import { PaymentsService } from './payments';

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
  };
}

export type Services = ReturnType<typeof createServices>;
