package org.lobby.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
