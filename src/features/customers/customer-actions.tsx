/**
 * What the customer list and a customer's page both do with one customer: open the create and
 * edit form (loaded with zod and the contract's schemas after the screen), and archive or restore
 * after a confirmation. Apart from the list, so a customer's page does not load the list's table.
 */
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { customersUpdateMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { toApiError } from '../../lib/api-error';
import { describeApiError, errorLabels } from '../../lib/error-messages';
import { showError, showSuccess } from '../../lib/notifications';
import { customerUpdated } from './api/cache';
import { customerToValues, valuesToBody } from './customer-values';

/** The create and edit form (here and on a customer's page): zod and the contract's schemas load with it, after the screen. */
export const loadCustomerForm = () => import('./customer-form');
export const CustomerFormModal = lazy(() => import('./customer-form').then((module) => ({ default: module.CustomerFormModal })));

/** Archive or restore: Update with the customer's fields as they are and the new state. */
export function useArchiveCustomer() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...customersUpdateMutation(),
    meta: { silent: true },
    onSuccess: async (answer) => {
      await customerUpdated(queryClient, answer.data);
      showSuccess(answer.data.archived ? t`Customer archived.` : t`Customer restored.`);
    },
    onError: (error) =>
      showError(describeApiError(i18n, toApiError(error)), { title: i18n._(errorLabels.updateCustomerFailed), autoClose: 3000 }),
  });
  return (customer: Customer, archived: boolean) => {
    const name = customer.displayName;
    modals.openConfirmModal({
      title: archived ? t`Archive customer?` : t`Restore customer?`,
      children: (
        <Text fz="sm">
          {archived
            ? t`${name} will no longer be offered for new entries. Everything recorded stays, and you can restore the customer at any time.`
            : t`${name} will be offered for new entries again.`}
        </Text>
      ),
      labels: { confirm: archived ? t`Archive` : t`Restore`, cancel: t`Cancel` },
      confirmProps: { color: archived ? 'red' : undefined },
      onConfirm: () =>
        mutation.mutate({ body: { ...valuesToBody(customerToValues(customer)), id: customer.id, archived } }),
    });
  };
}
