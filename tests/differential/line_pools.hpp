#pragma once
// The keyword lines the differential generator draws from, one pool per group of
// issue #16: tokens and ${VAR} in every keyword that takes them, forwardings of
// every form, ssh's scoping quirks, "none", value forms, Match exec criteria and
// the values ssh refuses. Each pool is a list of complete lines.

#include <string>
#include <vector>

namespace sshtune::differential {

// The environment variable the token lines use (set by the test) and one that is never set.
inline const char* const k_diff_var = "SSHTUNE_DIFF_VAR";

// Group 1: %-tokens, ~ and ${VAR} in every keyword ssh expands before printing,
// and in the ones it prints raw (LocalCommand, ProxyCommand, IdentityFile, ...).
inline const std::vector<std::string> k_token_lines{
    "ControlPath ~/.ssh/cm-%C", "ControlPath /tmp/%r@%h:%p", "ControlPath /tmp/%n-%k-%u-%l-%L-%i-%d-%%",
    "ControlPath ${SSHTUNE_DIFF_VAR}/cp-%h", "ControlPath ${HOME}/cm-%p", "ControlPath=\"/tmp/with space %h\"",
    "RemoteCommand echo %L %l %d %i %p", "RemoteCommand ls ${HOME} %h %n", "RemoteCommand echo %r@%h:%p %%",
    "IdentityAgent ~/.ssh/agent-%h", "IdentityAgent SSH_AUTH_SOCK", "IdentityAgent $SSH_AUTH_SOCK",
    "IdentityAgent ${SSHTUNE_DIFF_VAR}/agent", "IdentityAgent /run/%u/%C.sock",
    "UserKnownHostsFile ~/.ssh/kh-%h ${HOME}/kh2", "UserKnownHostsFile /tmp/%r/%n %d/x",
    "UserKnownHostsFile ~/.ssh/known_hosts", "GlobalKnownHostsFile ~/g-%h /etc/%u",
    "ForwardAgent ~/.ssh/agent.sock", "ForwardAgent /tmp/%h.agent", "ForwardAgent ${SSHTUNE_DIFF_VAR}/fa",
    "ForwardAgent yes", "ForwardAgent no", "LocalForward /tmp/lf-%h.sock localhost:80",
    "LocalForward 8080 /tmp/%r-%p.sock", "RemoteForward /tmp/rf-%n.sock /tmp/l-%u.sock",
    "LocalForward ${SSHTUNE_DIFF_VAR}.sock localhost:80", "LocalCommand echo %h %p", "ProxyCommand ssh -W %h:%p gw",
    "KnownHostsCommand /bin/kh %H %h", "IdentityFile ~/.ssh/id-%r", "CertificateFile ~/.ssh/c-%h-cert.pub",
    "HostName %h.example.com", "HostKeyAlias %h-Alias", "ControlPath ~root/cm-%h",
};

// Group 2: forwardings of every form, duplicates and ClearAllForwardings.
inline const std::vector<std::string> k_forward_lines{
    "LocalForward 8080 localhost:80", "LocalForward 127.0.0.1:8080 db:5432", "LocalForward [::1]:8081 [::1]:22",
    "LocalForward localhost:8082 /tmp/s.sock", "LocalForward /tmp/l.sock localhost:80", "LocalForward 8083 socks:80",
    "LocalForward ssh x:ssh", "LocalForward *:8084 x:80", "LocalForward :8085 x:80", "LocalForward 8080 [localhost]:80",
    "RemoteForward 8080", "RemoteForward 8080 localhost:80", "RemoteForward 0 localhost:80", "RemoteForward [::1]:9090",
    "RemoteForward /tmp/r.sock /tmp/l.sock", "RemoteForward localhost:8022", "RemoteForward /tmp/dyn.sock",
    "RemoteForward 9091 /tmp/target.sock", "DynamicForward 1080", "DynamicForward localhost:1081",
    "DynamicForward [::1]:1082", "DynamicForward /tmp/d.sock", "DynamicForward *:1083", "DynamicForward 1080",
    "ClearAllForwardings yes", "ClearAllForwardings no", "Tunnel yes", "Tunnel ethernet", "ExitOnForwardFailure yes",
    "GatewayPorts yes", "PermitRemoteOpen a:1 b:*", "PermitRemoteOpen [::1]:22", "StreamLocalBindUnlink yes",
};

// Group 3: the scoping quirks (these land in any block, often inactive ones). The
// generator never lets CanonicalDomains meet an effective CanonicalizeHostname,
// and writes no CanonicalizePermittedCNAMEs rules: both make ssh look names up in
// the DNS, which a test must not depend on.
inline const std::vector<std::string> k_scoping_lines{
    "StreamLocalBindMask 0177", "StreamLocalBindMask 022", "StreamLocalBindMask 0777", "StreamLocalBindMask 7",
    "StreamLocalBindMask 08", "StreamLocalBindMask 0o7", "SyslogFacility LOCAL3", "SyslogFacility auth",
    "SyslogFacility DAEMON", "SyslogFacility local7", "CanonicalizeHostname yes", "CanonicalizeMaxDots 3",
    "CanonicalizeFallbackLocal no", "CanonicalizeMaxDots 0", "CanonicalizeHostname always",
    "CanonicalizeHostname no", "CanonicalDomains example.invalid",
};

// Group 4: "none" where ssh leaves the line out, prints it, or keeps the default.
inline const std::vector<std::string> k_none_lines{
    "ControlPath none", "RemoteCommand none", "PKCS11Provider none", "ProxyCommand none", "ProxyJump none",
    "LocalCommand none", "KnownHostsCommand none", "RevokedHostKeys none", "SecurityKeyProvider none",
    "IdentityAgent none", "UserKnownHostsFile none", "GlobalKnownHostsFile none", "CanonicalDomains none",
    "CanonicalizePermittedCNAMEs none", "LogVerbose none", "PermitRemoteOpen none", "PermitRemoteOpen any",
    "ServerAliveInterval none", "ConnectTimeout none", "ForwardX11Timeout none", "EscapeChar none", "IPQoS none",
    "RekeyLimit default none", "HostKeyAlias none", "BindAddress none", "SessionType none", "ControlPath NONE",
    "ProxyJump NONE", "ProxyCommand None", "ProxyJump none # then a comment", "XAuthLocation none",
};

// Group 5: value forms ssh prints differently from how they are written.
inline const std::vector<std::string> k_value_lines{
    "RekeyLimit 1G 1h", "RekeyLimit 16", "RekeyLimit 1K", "RekeyLimit 1.5M", "RekeyLimit 2g 30m", "RekeyLimit 1M none",
    "RekeyLimit 0", "RekeyLimit 1T 1d", "RekeyLimit 500M 2w", "AddKeysToAgent 1h", "AddKeysToAgent yes",
    "AddKeysToAgent confirm", "AddKeysToAgent confirm 5m", "AddKeysToAgent ask", "AddKeysToAgent 0",
    "AddKeysToAgent CONFIRM", "TunnelDevice 3", "TunnelDevice 3:4", "TunnelDevice any:5", "TunnelDevice 0:any",
    "ProxyJump ssh://deploy@j1:2022", "ProxyJump j1", "ProxyJump deploy@j1:2022", "ProxyJump a,b@c:2,ssh://d@e:3",
    "ProxyJump 10.0.0.1:22", "ProxyJump [::1]:22", "ProxyJump \"a@b\"", "ProxyJump jump # comment", "ProxyJump j1 j2",
    "ProxyJump ssh://j1", "LogLevel QUIET", "LogLevel quiet", "LogLevel DEBUG1", "LogLevel debug", "LogLevel VERBOSE",
    "LogLevel ERROR", "LogLevel silent", "EscapeChar ^A", "EscapeChar x", "EscapeChar ^", "EscapeChar ^~",
    "EscapeChar \\\\", "EscapeChar %", "EscapeChar '\t'", "IPQoS af21 cs1", "IPQoS 16", "IPQoS 0x03", "IPQoS EF",
    "IPQoS 0 le", "IPQoS reliability", "IPQoS 010", "ControlPersist yes", "ControlPersist 10m", "ControlPersist 0",
    "ControlPersist true", "ControlPersist 1h30m", "FingerprintHash md5", "FingerprintHash sha1",
    "HostKeyAlias Foo.Bar", "ConnectionAttempts 0022", "NumberOfPasswordPrompts 1", "ServerAliveInterval 1m",
    "ServerAliveCountMax 5", "ConnectTimeout 10", "ForwardX11Timeout 20m", "RequiredRSASize 2048",
    "StrictHostKeyChecking accept-new", "StrictHostKeyChecking off", "ControlMaster autoask", "ControlMaster auto",
    "RequestTTY force", "RequestTTY no", "SessionType subsystem", "PubkeyAuthentication unbound",
    "PubkeyAuthentication host-bound", "VerifyHostKeyDNS ask", "UpdateHostKeys ask", "UpdateHostKeys no",
    "AddressFamily inet", "AddressFamily inet6", "BatchMode yes", "ForwardX11Trusted no", "ProxyUseFdpass yes",
    "SetEnv A=1 B=2 A=3", "SetEnv X=\"a b\"", "SendEnv LANG LC_*", "SendEnv -LC_*", "CanonicalDomains Example.COM. b.org",
    "LogVerbose kex.c:*:1000", "GSSAPIKexAlgorithms gss-group14-sha256-,gss-gex-sha1-", "GSSAPIClientIdentity me",
    "KbdInteractiveDevices pam", "PreferredAuthentications publickey", "BindAddress 127.0.0.1", "BindInterface lo",
    "XAuthLocation /opt/xauth", "HostbasedAcceptedAlgorithms +ssh-rsa", "PubkeyAcceptedAlgorithms -ssh-rsa*",
    "CASignatureAlgorithms ^ssh-ed25519", "HostKeyAlgorithms ssh-ed25519", "Protocol 2", "Cipher aes128-cbc",
    "RSAAuthentication yes", "ProtocolKeepAlives 30", "SetupTimeOut 10", "EnableEscapeCommandline yes",
    "ForwardX11 yes", "TCPKeepAlive no", "VisualHostKey yes", "HashKnownHosts yes", "PermitLocalCommand yes",
    "IdentitiesOnly yes", "KbdInteractiveAuthentication no", "CheckHostIP yes", "StdinNull yes",
    "ForkAfterAuthentication yes", "RemoteCommand uptime", "GSSAPIAuthentication yes", "GSSAPIKeyExchange yes",
    "GSSAPIDelegateCredentials yes", "GSSAPITrustDNS yes", "GSSAPIRenewalForcesRekey yes", "GSSAPIServerIdentity srv",
    "PKCS11Provider /usr/lib/p11.so", "SecurityKeyProvider $SSH_SK_PROVIDER", "RevokedHostKeys ~/.ssh/revoked",
    "IgnoreUnknown Foo*,Bar", "ChallengeResponseAuthentication no", "KeepAlive no", "DSAAuthentication no",
    "SmartcardDevice /dev/sc", "HostbasedKeyTypes ssh-ed25519", "PubkeyAcceptedKeyTypes +ssh-rsa", "IdentityFile2 /k2",
    "HostbasedAuthentication yes", "EnableSSHKeysign yes", "NoHostAuthenticationForLocalhost yes",
    "PasswordAuthentication no", "CheckHostIP no", "ForwardX11Trusted yes", "UseRoaming no", "CompressionLevel 6",
    "CanonicalizeFallbackLocal yes", "ServerAliveCountMax 0", "NumberOfPasswordPrompts 0022",
};

// Group 6: Match exec criteria (with negation and tokens) for Match headers.
inline const std::vector<std::string> k_exec_criteria{
    "exec true", "exec false", "!exec true", "!exec false", "exec \"test %h = foo\"", "exec \"test %p = 22\"",
    "exec \"test -n %C\"", "exec \"test %r = root\"", "exec \"test %n = FOO\"", "exec \"test %k = foo\"",
    "exec \"test %L = %l\"", "exec \"test %d = /root\"", "exec \"test %u = root\"", "exec \"test %i = 0\"",
    "!exec \"test %h = bar\"", "exec \"[ -d %d ]\"", "!exec \"test %C = 0\"", "exec \"test %p = 2200\"",
};

// Group 7: values ssh refuses (each makes the configuration invalid).
inline const std::vector<std::string> k_refused_lines{
    "ForkAfterAuthentication yes", "RekeyLimit lots", "RekeyLimit 15", "IPQoS fast", "ProxyJump \"a@b:22\"",
    "EscapeChar ^?", "StreamLocalBindMask 1000", "ConnectionAttempts 0", "TunnelDevice x", "LocalForward 8080",
    "DynamicForward 0", "AddKeysToAgent no 5m", "ControlPersist YES", "LogLevel bogus", "SyslogFacility bogus",
    "FingerprintHash bogus", "SetEnv NOEQUALS", "PermitRemoteOpen foo", "CanonicalDomains -bad",
    "CanonicalizePermittedCNAMEs bad", "ProxyJump ssh://x/path", "UserKnownHostsFile a none",
    "IdentityAgent ${SSHTUNE_NEVER_SET}", "ControlPath /tmp/%z", "RemoteCommand echo 100%", "LocalForward 0 x:1",
    "GSSAPIKexAlgorithms bogus", "ServerAliveInterval -1", "RemoteForward 8080 x:0", "ProxyJump x:0",
    "ForwardAgent ${SSHTUNE_NEVER_SET}", "ControlPath ${SSHTUNE_NEVER_SET}/x", "LocalForward ${SSHTUNE_NEVER_SET} x:1",
    "ControlPath ~nosuchuser/x", "EscapeChar ab",
};

}  // namespace sshtune::differential
