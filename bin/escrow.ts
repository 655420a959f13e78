#!/usr/bin/env node
// `cdk synth|deploy -c stage=<name>` (default dev); see lib/stage-config.ts for the stages.
import { createEscrowApp } from '../lib/app';

createEscrowApp();
