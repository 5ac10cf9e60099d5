<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln quote</numerusform>
            <numerusform>%Ln quotes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln order(s)</source>
        <translation>
            <numerusform>%Ln order</numerusform>
            <numerusform>%Ln orders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln option(s) fit</source>
        <translation>
            <numerusform>%Ln option fits</numerusform>
            <numerusform>%Ln options fit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln do(es) not</source>
        <translation>
            <numerusform>%Ln does not</numerusform>
            <numerusform>%Ln do not</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %Ln option(s) that fit</source>
        <translation>
            <numerusform>of %Ln option that fits</numerusform>
            <numerusform>of %Ln options that fit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Of those that fit, %Ln may not (amber rows).</source>
        <translation>
            <numerusform>Of those that fit, %Ln may not (amber row).</numerusform>
            <numerusform>Of those that fit, %Ln may not (amber rows).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %Ln sequence(s) at once</source>
        <translation>
            <numerusform>of %Ln sequence at once</numerusform>
            <numerusform>of %Ln sequences at once</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Formats</name>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation type="unfinished">
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation type="unfinished">
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n week(s)</source>
        <translation type="unfinished">
            <numerusform>%n week</numerusform>
            <numerusform>%n weeks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n month(s)</source>
        <translation type="unfinished">
            <numerusform>%n month</numerusform>
            <numerusform>%n months</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryFileTasks</name>
    <message numerus="yes">
        <source>%n order(s) stopped since the backup will show as not stopped.</source>
        <translation>
            <numerusform>%n order stopped since the backup will show as not stopped.</numerusform>
            <numerusform>%n orders stopped since the backup will show as not stopped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name></name>
</context>
</TS>
