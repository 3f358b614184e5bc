/** The definitions App.tsx registered, for the parts of the frame that list them (the menu, its badges). */
import { createContext, useContext } from 'react';
import type { ResourceDefinition } from './definition.ts';

export const DefinitionsContext = createContext<readonly ResourceDefinition[]>([]);

export const useDefinitions = (): readonly ResourceDefinition[] => useContext(DefinitionsContext);
