<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name></name>
    <message id="Counts.ln_do_es_not" numerus="yes">
        <source>%Ln do(es) not</source>
        <translation>
            <numerusform>%Ln does not</numerusform>
            <numerusform>%Ln do not</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_gpu_s" numerus="yes">
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_option_s_fit" numerus="yes">
        <source>%Ln option(s) fit</source>
        <translation>
            <numerusform>%Ln option fits</numerusform>
            <numerusform>%Ln options fit</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_order_s" numerus="yes">
        <source>%Ln order(s)</source>
        <translation>
            <numerusform>%Ln order</numerusform>
            <numerusform>%Ln orders</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_quote_s" numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln quote</numerusform>
            <numerusform>%Ln quotes</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_token_s" numerus="yes">
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message id="Counts.of_ln_option_s_that_fit" numerus="yes">
        <source>of %Ln option(s) that fit</source>
        <translation>
            <numerusform>of %Ln option that fits</numerusform>
            <numerusform>of %Ln options that fit</numerusform>
        </translation>
    </message>
    <message id="Counts.of_ln_sequence_s_at_once" numerus="yes">
        <source>of %Ln sequence(s) at once</source>
        <translation>
            <numerusform>of %Ln sequence at once</numerusform>
            <numerusform>of %Ln sequences at once</numerusform>
        </translation>
    </message>
    <message id="Counts.of_those_that_fit_ln_may" numerus="yes">
        <source>Of those that fit, %Ln may not (amber rows).</source>
        <translation>
            <numerusform>Of those that fit, %Ln may not (amber row).</numerusform>
            <numerusform>Of those that fit, %Ln may not (amber rows).</numerusform>
        </translation>
    </message>
    <message id="Formats.n_day_s" numerus="yes">
        <source>%n day(s)</source>
        <translation type="unfinished">
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message id="Formats.n_hour_s" numerus="yes">
        <source>%n hour(s)</source>
        <translation type="unfinished">
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message id="Formats.n_month_s" numerus="yes">
        <source>%n month(s)</source>
        <translation type="unfinished">
            <numerusform>%n month</numerusform>
            <numerusform>%n months</numerusform>
        </translation>
    </message>
    <message id="Formats.n_week_s" numerus="yes">
        <source>%n week(s)</source>
        <translation type="unfinished">
            <numerusform>%n week</numerusform>
            <numerusform>%n weeks</numerusform>
        </translation>
    </message>
    <message id="HistoryFileTasks.n_order_s_stopped_since_the" numerus="yes">
        <source>%n order(s) stopped since the backup will show as not stopped.</source>
        <translation>
            <numerusform>%n order stopped since the backup will show as not stopped.</numerusform>
            <numerusform>%n orders stopped since the backup will show as not stopped.</numerusform>
        </translation>
    </message>
</context>
</TS>
