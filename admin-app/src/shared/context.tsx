/**
 * The page config, handed down by mount() so components and tests read it from
 * context rather than from the DOM.
 */
import { createContext, useContext, type ReactNode } from 'react';

import type { AppConfig } from './types';

const ConfigContext = createContext< AppConfig | null >( null );

export function ConfigProvider( {
	config,
	children,
}: {
	config: AppConfig;
	children: ReactNode;
} ) {
	return (
		<ConfigContext.Provider value={ config }>
			{ children }
		</ConfigContext.Provider>
	);
}

export function useConfig(): AppConfig {
	const config = useContext( ConfigContext );
	if ( ! config ) {
		throw new Error(
			'useConfig() needs a <ConfigProvider>; mount() provides one.'
		);
	}
	return config;
}
