import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Id, IdList } from '../../http/schemas.js';

const required = (what: string) =>
  Type.Boolean({ description: `Whether ${what} is required from customers of this type.` });

export const CustomerType = Type.Object({
  id_customer_type: Type.Integer(),
  name: Type.String(),
  code: Type.String({ description: 'Residential, SmallBusiness or LargeBusiness.' }),
  required_ssn: required('the social security number'),
  required_fedtaxidnum: required('the federal tax id'),
  required_cellnumber: required('a cell number'),
  required_primary_phone: required('the primary phone'),
  required_contact_name: required('a contact name'),
  required_employer_name: required('the employer name'),
  required_drivers_license_number: required("the driver's licence number"),
  required_drivers_license_state: required("the driver's licence state"),
  required_fax: required('a fax number'),
  required_first_name: required('the first name'),
  required_last_name: required('the last name'),
  required_firm_name: required('the firm name'),
  required_alternative_email: required('an alternative email'),
  required_other_phone: required('another phone'),
  required_date_of_birth: required('the date of birth'),
  required_recurring_billing: required('recurring billing (autopay)'),
  required_external_contract_id: required('an external contract id'),
  send_etf_value: Type.Boolean({
    description: 'Whether an early termination fee is invoiced when this customer drops.',
  }),
  prospect_expiration_days: Type.Integer({
    description: 'Days a prospect of this type stays open before it expires.',
  }),
});

export const CustomerTypesQuery = Type.Object({
  utilitiesIds: Type.Optional(IdList('Only customer types served by at least one of these utilities.')),
  customerTypeId: Type.Optional(Id('Only this customer type.')),
  ...PagingQuery.properties,
});
