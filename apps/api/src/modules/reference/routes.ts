import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { publicBaseUrl } from '../../http/public-url.js';
import { Id } from '../../http/schemas.js';
import {
  Brand,
  City,
  ContactMethod,
  County,
  IdName,
  IdNameQuery,
  Language,
  LanguagesQuery,
  State,
  Zipcode,
  ZipcodeQuery,
} from './schemas.js';
import type { ReferenceService } from './service.js';

const tags = ['Reference data'];

export const referenceRoutes: FastifyPluginAsyncTypebox<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/brands',
    {
      schema: {
        operationId: 'listBrands',
        tags,
        summary:
          "The retail company's brands (sites), with what a brand's site needs: contacts, logo, colours, legal pages",
        response: { 200: Envelope(Type.Array(Brand)) },
      },
    },
    async (request) => ok(await reference.brands(callerOf(request).companyId, publicBaseUrl(request))),
  );

  app.get(
    '/brands/:systemName',
    {
      schema: {
        operationId: 'getBrand',
        tags,
        summary: 'One brand by its system name',
        params: Type.Object({ systemName: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Envelope(Brand) },
      },
    },
    async (request) =>
      ok(
        await reference.brand(callerOf(request).companyId, request.params.systemName, publicBaseUrl(request)),
      ),
  );

  app.get(
    '/states',
    {
      schema: {
        operationId: 'listStates',
        tags,
        summary: 'US states with USPS codes',
        response: { 200: Envelope(Type.Array(State)) },
      },
    },
    async () => ok(await reference.states()),
  );

  app.get(
    '/counties/state/:stateId',
    {
      schema: {
        operationId: 'listCountiesByState',
        tags,
        summary: 'Counties of a state in the served areas',
        params: Type.Object({ stateId: Id('id_state from GET /states') }),
        response: { 200: Envelope(Type.Array(County)) },
      },
    },
    async (request) => ok(await reference.counties(request.params.stateId)),
  );

  app.get(
    '/cities/county/:countyId',
    {
      schema: {
        operationId: 'listCitiesByCounty',
        tags,
        summary: 'Cities of a county in the served areas',
        params: Type.Object({ countyId: Id('id_county from GET /counties/state/{stateId}') }),
        response: { 200: Envelope(Type.Array(City)) },
      },
    },
    async (request) => ok(await reference.cities(request.params.countyId)),
  );

  app.get(
    '/zipcodes',
    {
      schema: {
        operationId: 'listZipcodes',
        tags,
        summary: "Zip codes served by the retail company's active utilities",
        querystring: ZipcodeQuery,
        response: { 200: Envelope(Type.Array(Zipcode)) },
      },
    },
    async (request) => ok(await reference.zipcodes(callerOf(request).companyId, request.query)),
  );

  app.get(
    '/miscellaneous/id-name-filter',
    {
      schema: {
        operationId: 'idNameFilter',
        tags,
        summary: 'States, counties or cities as id and name pairs, for drop-downs',
        querystring: IdNameQuery,
        response: { 200: Envelope(Type.Array(IdName)) },
      },
    },
    async (request) => ok(await reference.idNames(request.query.type, request.query.parentId)),
  );

  app.get(
    '/document-languages',
    {
      schema: {
        operationId: 'listDocumentLanguages',
        tags,
        summary: 'Languages documents and notifications are available in',
        querystring: LanguagesQuery,
        response: { 200: Envelope(Type.Array(Language)) },
      },
    },
    async (request) => ok(await reference.languages(request.query.onlyActives ?? false)),
  );

  app.get(
    '/method-contact',
    {
      schema: {
        operationId: 'listContactMethods',
        tags,
        summary: 'Consent methods: how a customer agreed to be contacted',
        response: { 200: Envelope(Type.Array(ContactMethod)) },
      },
    },
    async () => ok(await reference.contactMethods()),
  );

  app.get(
    '/method-contact/:methodContactId',
    {
      schema: {
        operationId: 'getContactMethod',
        tags,
        summary: 'One consent method',
        params: Type.Object({ methodContactId: Id('id_method_contact') }),
        response: { 200: Envelope(ContactMethod) },
      },
    },
    async (request) => ok((await reference.contactMethods(request.params.methodContactId))[0]!),
  );
};
