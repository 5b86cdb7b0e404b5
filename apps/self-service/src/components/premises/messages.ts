import { addMessages } from '../../lib/i18n';

const en = {
  findEsiid: 'Find my {{label}}',
  findEsiidHint: 'Enter the street address and zip code, then look it up.',
  premisesFound: 'Choose your address',
  noPremises: 'No {{label}} was found at this address. Check the address, or type the number from a bill.',
  premiseDoesNotFit: 'not for this customer type',
};

const es: typeof en = {
  findEsiid: 'Buscar mi {{label}}',
  findEsiidHint: 'Escriba la dirección y el código postal y luego búsquela.',
  premisesFound: 'Elija su dirección',
  noPremises:
    'No se encontró ningún {{label}} en esta dirección. Revise la dirección o escriba el número de una factura.',
  premiseDoesNotFit: 'no corresponde a este tipo de cliente',
};

addMessages('premises', { en, es });
