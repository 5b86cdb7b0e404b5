import { MantineProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { brandQuery } from '../lib/brand';
import { brandTheme, cssVariablesResolver, DEFAULT_BRAND_COLOR } from '../lib/theme';
import { Layout } from './layout';
import { Routes } from './routes';

/** The whole site, in the colours of the brand it is deployed for. */
export function App() {
  const brand = useQuery(brandQuery).data;
  const primary = brand?.primary_color || DEFAULT_BRAND_COLOR;
  const theme = useMemo(() => brandTheme(primary), [primary]);
  useEffect(() => {
    if (brand) document.title = brand.name;
  }, [brand]);
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Layout>
        <Routes />
      </Layout>
    </MantineProvider>
  );
}
